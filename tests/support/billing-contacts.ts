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

/** A German contact: no US sales tax, so the invoice is tax exempt. */
export const germanBilling: BillingInfoInput = {
  Name: 'Anna Schmidt',
  Address1: 'Hauptstraße 5',
  Address2: null,
  City: 'Berlin',
  StateCode: null,
  PostalCode: '10115',
  CountryCode: 'DE',
  IsBusinessPurchase: false,
};
