'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useFieldError } from '@/components/forms/use-field-error';
import { useUnsavedChangesGuard } from '@/components/forms/use-unsaved-changes-guard';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { SelectField } from '@/components/ui/SelectField';
import { TextArea } from '@/components/ui/TextArea';
import { TextField } from '@/components/ui/TextField';
import { createOffer, editOffer } from '@/lib/api/admin';
import type { AdminOffer } from '@/lib/contract/admin';
import { languages } from '@/lib/contract/languages';
import { limits } from '@/lib/contract/limits';
import { reportDone, useAdminWrite } from './admin-queries';
import { createFormSchema, editFormSchema, valuesOf, type OfferFormValues, type OfferRequest } from './offer-form-schema';

/** The offer's fields; a new offer also gets its key, billing and claims, which are fixed once sold. */
export function OfferForm({ offer, onSaved }: { offer: AdminOffer | null; onSaved?(): void }) {
  const t = useTranslations('admin.catalog');
  const creating = offer === null;
  const { register, handleSubmit, formState, reset, control, getValues } = useForm<OfferFormValues, unknown, OfferRequest>({
    // One form for both: the schemas differ in the fields a new offer adds.
    resolver: zodResolver(creating ? createFormSchema : editFormSchema) as unknown as Resolver<OfferFormValues, unknown, OfferRequest>,
    mode: 'all',
    defaultValues: valuesOf(offer),
  });
  const fieldError = useFieldError(formState);
  const [messages, setMessages] = useState<string[]>([]);
  const saving = useAdminWrite(
    (request: OfferRequest) => (offer === null ? createOffer(request as z.output<typeof createFormSchema>) : editOffer(offer.Key, request)),
    (message) => setMessages([message]),
  );
  const [saved, setSaved] = useState(false);
  useUnsavedChangesGuard(formState.isDirty && !saving.isPending && !saved);
  const isSubscription = useWatch({ control, name: 'IsSubscription' });

  const onSubmit = handleSubmit((request) => {
    setMessages([]);
    saving.mutate(request, {
      onSuccess: (done) => {
        reportDone(creating ? t('created') : done.AuditKey ? t('saved') : t('unchanged'));
        if (creating) setSaved(true);
        // What was saved is the form's new starting point.
        else reset(getValues());
        onSaved?.();
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-8">
      <ErrorPanel messages={messages} />
      {creating && (
        <FieldGroup title={t('identity')}>
          <TextField label={t('key')} hint={t('keyHint')} maxLength={limits.offerKey} error={fieldError('Key')} {...register('Key')} />
          <Checkbox label={t('isSubscription')} {...register('IsSubscription')} />
          <SelectField
            label={t('renewal')}
            disabled={!isSubscription}
            options={[
              { value: '1', label: t('monthly') },
              { value: '12', label: t('yearly') },
            ]}
            {...register('RenewalMonths')}
          />
          <TextArea label={t('claims')} rows={3} error={fieldError('Claims')} {...register('Claims')} />
          <p className="-mt-3 text-xs text-slate-600">{t('claimsHint')}</p>
        </FieldGroup>
      )}
      {languages.map((language) => (
        <FieldGroup key={language} title={t(`language.${language}`)}>
          <TextField
            label={t('serviceName')}
            lang={language}
            maxLength={limits.offerName}
            error={fieldError(`ServiceName.${language}`)}
            {...register(`ServiceName.${language}`)}
          />
          <TextField
            label={t('description')}
            lang={language}
            maxLength={limits.offerText}
            error={fieldError(`Description.${language}`)}
            {...register(`Description.${language}`)}
          />
          <TextArea
            label={t('items')}
            lang={language}
            rows={4}
            error={fieldError(`Items.${language}`)}
            {...register(`Items.${language}`)}
          />
          <p className="-mt-3 text-xs text-slate-600">{t('itemsHint', { max: limits.offerItems })}</p>
        </FieldGroup>
      ))}
      <FieldGroup title={t('pricing')}>
        <TextField label={t('priceLabel')} inputMode="decimal" hint={t('dollarsHint')} error={fieldError('Price')} {...register('Price')} />
        <TextField
          label={t('savingsLabel')}
          inputMode="decimal"
          hint={t('dollarsHint')}
          error={fieldError('Savings')}
          {...register('Savings')}
        />
        <TextField
          label={t('trialDays')}
          inputMode="numeric"
          hint={t('trialDaysHint')}
          error={fieldError('TrialDays')}
          {...register('TrialDays')}
        />
      </FieldGroup>
      <FieldGroup title={t('pages')}>
        <TextField
          label={t('homePage')}
          maxLength={limits.offerPath}
          error={fieldError('ServiceHomePage')}
          {...register('ServiceHomePage')}
        />
        <TextField label={t('appPage')} maxLength={limits.offerPath} error={fieldError('AppPage')} {...register('AppPage')} />
      </FieldGroup>
      <div>
        <Button type="submit" busy={saving.isPending}>
          {creating ? t('create') : t('save')}
        </Button>
      </div>
    </form>
  );
}

function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset aria-labelledby={id} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <legend id={id} className="px-1 text-base font-semibold text-slate-900">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}
