import type { BillingInfoInput } from '@/lib/contract/store';

/** The billing contact of the API and billing screen tests: Texas, which pays 8.25 % sales tax. */
export const texasBilling: BillingInfoInput = {
  Name: 'Ann Smith',
  Address1: '100 Main Street',
  Address2: 'Suite 5',
  City: 'Plano',
  StateCode: 'TX',
  PostalCode: '75024',
  CountryCode: 'US',
  IsBusinessPurchase: false,
};
