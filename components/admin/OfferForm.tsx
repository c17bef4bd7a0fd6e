'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { useFieldError } from '@/components/forms/use-field-error';
import { useUnsavedChangesGuard } from '@/components/forms/use-unsaved-changes-guard';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { SelectField } from '@/components/ui/SelectField';
import { TextArea } from '@/components/ui/TextArea';
import { TextField } from '@/components/ui/TextField';
import { useRouter } from '@/i18n/navigation';
import { createOffer, editOffer, fetchOffers } from '@/lib/api/admin';
import { OfferCreateSchema, OfferEditSchema, type AdminOffer } from '@/lib/contract/admin';
import { languages, type Language } from '@/lib/contract/languages';
import { limits } from '@/lib/contract/limits';
import { reportDone, useAdminQuery, useAdminWrite } from './admin-queries';
import { Badge } from '@/components/billing/status';
import { AdminStatus, ScreenHeading } from './parts';
import { adminPaths } from './paths';
import { centsToDollars, dollarsToCents } from './RefundDialog';

type PerLanguage = Record<Language, string>;

/** The form's values: what the fields hold, as typed. */
interface OfferFormValues {
  ServiceName: PerLanguage;
  Description: PerLanguage;
  /** One item a line. */
  Items: PerLanguage;
  Price: string;
  Savings: string;
  TrialDays: string;
  ServiceHomePage: string;
  AppPage: string;
  // A new offer only:
  Key: string;
  IsSubscription: boolean;
  RenewalMonths: string;
  /** One claim a line. */
  Claims: string;
}

const lines = (typed: string) =>
  typed
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const perLanguage = z.object({ en: z.string(), de: z.string(), ru: z.string() });
const typedFields = {
  ServiceName: perLanguage,
  Description: perLanguage,
  Items: perLanguage,
  Price: z.string(),
  Savings: z.string(),
  TrialDays: z.string(),
  ServiceHomePage: z.string(),
  AppPage: z.string(),
};

type Typed = z.infer<z.ZodObject<typeof typedFields>>;
type Issues = { message: string; path: PropertyKey[] }[];

/** The typed fields as the contract's request; amounts that are no numbers are reported, and checked as 0 meanwhile. */
function editRequest(typed: Typed, issues: Issues) {
  const number = (field: 'Price' | 'Savings' | 'TrialDays') => {
    const value =
      field === 'TrialDays' ? (/^-?\d{1,4}$/.test(typed[field].trim()) ? Number(typed[field]) : null) : dollarsToCents(typed[field]);
    if (value === null || value > limits.offerPriceMax) issues.push({ message: 'invalidValue', path: [field] });
    return value ?? 0;
  };
  return {
    ServiceName: typed.ServiceName,
    Description: typed.Description,
    Items: { en: lines(typed.Items.en), de: lines(typed.Items.de), ru: lines(typed.Items.ru) },
    Price: number('Price'),
    Savings: number('Savings'),
    TrialDays: number('TrialDays'),
    ServiceHomePage: typed.ServiceHomePage,
    AppPage: typed.AppPage,
  };
}

/**
 * The fields as typed, turned into the contract's request and checked by the contract's own
 * schema, every field's first problem at once (a failed number does not hide the rest).
 */
function checkedBy<T extends z.ZodType>(contract: T, toRequest: (typed: never, issues: Issues) => unknown) {
  return (typed: unknown, context: z.RefinementCtx) => {
    const issues: Issues = [];
    const result = contract.safeParse(toRequest(typed as never, issues));
    if (!result.success) issues.push(...result.error.issues.map(({ message, path }) => ({ message, path })));
    // A number reported above is not reported again by the contract (checked as 0).
    const seen = new Set<string>();
    for (const issue of issues) {
      // A list's line is reported on the field that holds all its lines.
      const path = issue.path[0] === 'Items' ? issue.path.slice(0, 2) : issue.path[0] === 'Claims' ? issue.path.slice(0, 1) : issue.path;
      const at = path.join('.');
      if (seen.has(at)) continue;
      seen.add(at);
      context.addIssue({ code: 'custom', message: issue.message, path });
    }
    return result.success && issues.length === 0 ? (result.data as z.output<T>) : z.NEVER;
  };
}

const editFormSchema = z.object(typedFields).transform(checkedBy(OfferEditSchema, editRequest));
const createFormSchema = z
  .object({ ...typedFields, Key: z.string(), IsSubscription: z.boolean(), RenewalMonths: z.enum(['1', '12']), Claims: z.string() })
  .transform(
    checkedBy(
      OfferCreateSchema,
      (typed: Typed & { Key: string; IsSubscription: boolean; RenewalMonths: string; Claims: string }, issues: Issues) => ({
        ...editRequest(typed, issues),
        Key: typed.Key,
        IsSubscription: typed.IsSubscription,
        RenewalMonths: Number(typed.RenewalMonths),
        Claims: lines(typed.Claims),
      }),
    ),
  );

type OfferRequest = z.output<typeof editFormSchema> | z.output<typeof createFormSchema>;

const emptyLanguages: PerLanguage = { en: '', de: '', ru: '' };

function valuesOf(offer: AdminOffer | null): OfferFormValues {
  if (!offer)
    return {
      ServiceName: emptyLanguages,
      Description: emptyLanguages,
      Items: emptyLanguages,
      Price: '',
      Savings: '0.00',
      TrialDays: '0',
      ServiceHomePage: '/',
      AppPage: '/',
      Key: '',
      IsSubscription: true,
      RenewalMonths: '1',
      Claims: '',
    };
  const joined = (list: Record<Language, string[]>) => ({ en: list.en.join('\n'), de: list.de.join('\n'), ru: list.ru.join('\n') });
  return {
    ServiceName: offer.ServiceName,
    Description: offer.Description,
    Items: joined(offer.Items),
    Price: centsToDollars(offer.Price),
    Savings: centsToDollars(offer.Savings),
    TrialDays: String(offer.TrialDays),
    ServiceHomePage: offer.ServiceHomePage,
    AppPage: offer.AppPage,
    Key: offer.Key,
    IsSubscription: offer.IsSubscription,
    RenewalMonths: offer.RenewalMonths === 12 ? '12' : '1',
    Claims: offer.Claims.join('\n'),
  };
}

/** The edit page of one offer (loaded from the list: there is no call for one). */
export function OfferEditor({ offerKey }: { offerKey: string }) {
  const t = useTranslations('admin.catalog');
  const { state, retry } = useAdminQuery(
    ['offer', offerKey],
    async (signal) => (await fetchOffers(signal)).find((candidate) => candidate.Key === offerKey) ?? null,
  );
  const back = { href: adminPaths.catalog, label: t('back') };
  if (state.status !== 'ready' || !state.data)
    return (
      <>
        <ScreenHeading title={t('editTitle')} back={back} />
        <AdminStatus
          state={state.status === 'ready' ? { status: 'notFound' } : state}
          notFound={t('notFound')}
          back={back}
          onRetry={retry}
        />
      </>
    );
  const offer = state.data;
  return (
    <>
      <ScreenHeading title={t('editHeading', { key: offer.Key })} back={back}>
        <Badge tone={offer.IsActive ? 'good' : 'muted'}>{offer.IsActive ? t('active') : t('retired')}</Badge>
      </ScreenHeading>
      <OfferForm key={JSON.stringify(offer)} offer={offer} />
    </>
  );
}

export function NewOffer() {
  const t = useTranslations('admin.catalog');
  const router = useRouter();
  return (
    <>
      <ScreenHeading title={t('newTitle')} back={{ href: adminPaths.catalog, label: t('back') }} />
      <OfferForm offer={null} onSaved={() => router.push(adminPaths.catalog)} />
    </>
  );
}

/** The offer's fields; a new offer also gets its key, billing and claims, which are fixed once sold. */
function OfferForm({ offer, onSaved }: { offer: AdminOffer | null; onSaved?(): void }) {
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
