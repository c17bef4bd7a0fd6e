'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { Country, UsState } from '@/lib/contract/app';
import { US } from '@/lib/contract/offer-rules';
import { useFieldError } from '../forms/use-field-error';
import { Checkbox } from '../ui/Checkbox';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import type { CartFormInput, CartFormOutput } from './cart-form-schema';

/**
 * The billing contact; the state is asked for (and required) only for the United States
 * (docs/product/validation.md#billing-contact). A business purchase adds the company, the tax
 * ID (where the country has VAT IDs) and a purchase order reference.
 */
export function BillingForm({
  form,
  countries,
  usStates,
}: {
  form: UseFormReturn<CartFormInput, unknown, CartFormOutput>;
  countries: Country[];
  usStates: UsState[];
}) {
  const t = useTranslations('store.cart');
  const headingId = useId();
  const { register, setValue, control, formState } = form;
  const fieldError = useFieldError(formState);
  const country = useWatch({ control, name: 'Billing.CountryCode' });
  const business = useWatch({ control, name: 'Billing.IsBusinessPurchase' });
  const vatIdCountry = countries.some((entry) => entry.Code === country && entry.VatId);

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="mb-4 text-xl font-semibold text-slate-900">
        {t('billingTitle')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          className="sm:col-span-2"
          label={t('name')}
          autoComplete="name"
          aria-required
          error={fieldError('Billing.Name')}
          {...register('Billing.Name')}
        />
        <TextField
          className="sm:col-span-2"
          label={t('address1')}
          autoComplete="address-line1"
          aria-required
          error={fieldError('Billing.Address1')}
          {...register('Billing.Address1')}
        />
        <TextField
          className="sm:col-span-2"
          label={t('address2')}
          autoComplete="address-line2"
          error={fieldError('Billing.Address2')}
          {...register('Billing.Address2')}
        />
        <TextField
          label={t('city')}
          autoComplete="address-level2"
          aria-required
          error={fieldError('Billing.City')}
          {...register('Billing.City')}
        />
        <TextField
          label={t('postalCode')}
          autoComplete="postal-code"
          aria-required
          error={fieldError('Billing.PostalCode')}
          {...register('Billing.PostalCode')}
        />
        <SelectField
          label={t('country')}
          placeholder={t('chooseCountry')}
          autoComplete="country"
          aria-required
          options={countries.map((entry) => ({ value: entry.Code, label: entry.Name }))}
          error={fieldError('Billing.CountryCode')}
          {...register('Billing.CountryCode', {
            // A state belongs only to a US address; leaving the US forgets it.
            onChange: (event: { target: { value: string } }) => {
              if (event.target.value !== US) setValue('Billing.StateCode', '', { shouldValidate: true });
              // So is a tax ID outside the countries with VAT IDs: a hidden field never holds an error.
              if (!countries.some((entry) => entry.Code === event.target.value && entry.VatId))
                setValue('Billing.TaxId', '', { shouldValidate: true });
            },
          })}
        />
        {country === US && (
          <SelectField
            label={t('state')}
            placeholder={t('chooseState')}
            autoComplete="address-level1"
            aria-required
            options={usStates.map((state) => ({ value: state.Code, label: state.Name }))}
            error={fieldError('Billing.StateCode')}
            {...register('Billing.StateCode')}
          />
        )}
        <Checkbox
          className="sm:col-span-2"
          label={t('business')}
          {...register('Billing.IsBusinessPurchase', {
            // The business details are kept for a business purchase only (the contract drops them too).
            onChange: (event: { target: { checked: boolean } }) => {
              if (event.target.checked) return;
              for (const field of ['Billing.CompanyName', 'Billing.TaxId', 'Billing.PurchaseOrder'] as const)
                setValue(field, '', { shouldValidate: true });
            },
          })}
        />
        {business && (
          <>
            <TextField
              className="sm:col-span-2"
              label={t('companyName')}
              autoComplete="organization"
              hint={t('businessNote')}
              error={fieldError('Billing.CompanyName')}
              {...register('Billing.CompanyName')}
            />
            {vatIdCountry && (
              <TextField label={t('taxId')} autoComplete="off" error={fieldError('Billing.TaxId')} {...register('Billing.TaxId')} />
            )}
            <TextField
              label={t('purchaseOrder')}
              autoComplete="off"
              error={fieldError('Billing.PurchaseOrder')}
              {...register('Billing.PurchaseOrder')}
            />
          </>
        )}
      </div>
    </section>
  );
}
