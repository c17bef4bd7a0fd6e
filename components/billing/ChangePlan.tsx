'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useId, useState } from 'react';
import { usePathname, useRouter } from '@/i18n/navigation';
import { changeSubscription, fetchServiceOffers, previewSubscriptionChange } from '@/lib/api/billing';
import { ApiCallError } from '@/lib/api/client';
import type { Subscription, SubscriptionChange, SubscriptionChangePreview } from '@/lib/contract/billing';
import { limits } from '@/lib/contract/limits';
import { formatInvoiceDate, formatUsd } from '@/lib/contract/presentation';
import { ADD_SEAT_PARAM, subscriptionPath } from '@/lib/portal-paths';
import { showSuccess } from '@/lib/state/snackbar';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorPanel } from '../ui/ErrorPanel';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { FormButtons } from '../ui/FormButtons';

/** Only a subscription that renews can change its plan (docs/product/billing.md#changing-plan-and-seats). */
export const isChangeable = (subscription: Subscription) =>
  subscription.IsActive && Boolean(subscription.NextRenewalDate) && !subscription.IsCancelled;

/** The plan and seats the subscription renews with: a scheduled change's, else the period's own. */
const renewingPlan = (subscription: Subscription) =>
  subscription.ScheduledChange ?? { OfferKey: subscription.OfferKey, Quantity: subscription.Quantity };

/**
 * The subscription page's plan section: CHANGE PLAN opens the dialog at the plan it renews with;
 * ?add_seat=1 opens it with one seat more than the period holds.
 */
export function ChangePlanSection({ subscription, queryKey }: { subscription: Subscription; queryKey: readonly unknown[] }) {
  const t = useTranslations('billing.subscription');
  const headingId = useId();
  const pathname = usePathname();
  const router = useRouter();
  const addingSeat = useSearchParams()?.get(ADD_SEAT_PARAM) === '1';
  const [open, setOpen] = useState(addingSeat);
  const openChange = (next: boolean) => {
    setOpen(next);
    // Closed, the dialog stays closed on a reload or Back.
    if (!next && addingSeat) router.replace(pathname);
  };
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('changeTitle')}
        </h2>
        <p className="text-sm text-slate-700">{t('changeText')}</p>
      </div>
      <Button variant="plain" onClick={() => setOpen(true)} className="shrink-0">
        {t('change')}
      </Button>
      <Dialog open={open} onOpenChange={openChange} title={t('changeDialogTitle')} maxWidth={520}>
        {open && (
          <ChangePlanForm
            subscription={subscription}
            queryKey={queryKey}
            initial={
              addingSeat
                ? { OfferKey: subscription.OfferKey, Quantity: Math.min(subscription.Quantity + 1, limits.quantityMax) }
                : renewingPlan(subscription)
            }
            onDone={() => openChange(false)}
          />
        )}
      </Dialog>
    </section>
  );
}

/** A refusal's own words when the server sent them, else the general failure. */
const refusalOf = (error: unknown, fallback: string) =>
  error instanceof ApiCallError && 'text' in error.content ? error.content.text : fallback;

function ChangePlanForm({
  subscription,
  queryKey,
  initial,
  onDone,
}: {
  subscription: Subscription;
  queryKey: readonly unknown[];
  initial: SubscriptionChange;
  onDone(): void;
}) {
  const t = useTranslations('billing.subscription');
  const pathname = usePathname();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [offerKey, setOfferKey] = useState(initial.OfferKey);
  const [typedSeats, setTypedSeats] = useState(String(initial.Quantity));
  const offers = useQuery({ queryKey: ['service-offers'], queryFn: ({ signal }) => fetchServiceOffers(signal) });
  // The plans of the same app, as the pricing page groups them.
  const plans = (offers.data ?? []).filter((offer) => offer.IsSubscription && offer.AppPage === subscription.AppPage);
  const seats = Number(typedSeats);
  const seatsValid = /^\d+$/.test(typedSeats) && seats >= 1 && seats <= limits.quantityMax;
  const change: SubscriptionChange = { OfferKey: offerKey, Quantity: seats };
  const renewing = renewingPlan(subscription);
  const unchanged = offerKey === renewing.OfferKey && seats === renewing.Quantity;
  // The period's own plan and seats while another change is scheduled: that change is dropped.
  const dropsScheduled = offerKey === subscription.OfferKey && seats === subscription.Quantity;
  const preview = useQuery({
    queryKey: ['subscription-change-preview', subscription.Key, offerKey, seats],
    queryFn: ({ signal }) => previewSubscriptionChange(subscription.Key, change, signal),
    enabled: seatsValid && !unchanged,
    retry: false,
  });
  const applying = useMutation({
    mutationFn: () => changeSubscription(subscription.Key, change),
    meta: { login: { returnTo: pathname } },
    onSuccess: async (changed) => {
      showSuccess({
        key: changed.InvoiceKey
          ? 'billing.snack.planChanged'
          : dropsScheduled
            ? 'billing.snack.planChangeDropped'
            : 'billing.snack.planChangeScheduled',
      });
      onDone();
      // Charged now: a new period holds the plan, on a page of its own.
      if (changed.SubscriptionKey !== subscription.Key) router.push(subscriptionPath(changed.SubscriptionKey));
      else await queryClient.invalidateQueries({ queryKey });
    },
  });
  const seatsError = seatsValid ? undefined : t('seatsHint', { max: limits.quantityMax });
  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (preview.data) applying.mutate();
      }}
    >
      <SelectField
        label={t('plan')}
        value={offerKey}
        onChange={(event) => setOfferKey(event.target.value)}
        options={plans.map((plan) => ({
          value: plan.Key,
          label: t('planOption', { description: plan.Description, price: formatUsd(plan.Price) }),
        }))}
      />
      <TextField
        label={t('seats')}
        type="number"
        inputMode="numeric"
        min={1}
        max={limits.quantityMax}
        value={typedSeats}
        onChange={(event) => setTypedSeats(event.target.value)}
        error={seatsError}
        hint={t('seatsHint', { max: limits.quantityMax })}
      />
      <div aria-live="polite" data-testid="change-preview" className="min-h-16 text-sm text-slate-800">
        {unchanged ? (
          <p>{t('previewSame')}</p>
        ) : preview.isError ? (
          <ErrorPanel messages={[refusalOf(preview.error, t('previewFailed'))]} />
        ) : preview.data ? (
          <PreviewFigures preview={preview.data} dropsScheduled={dropsScheduled} />
        ) : (
          seatsValid && <p>{t('previewLoading')}</p>
        )}
      </div>
      <FormButtons
        cancelLabel={t('cancelChange')}
        submitLabel={t('confirmChange')}
        busy={applying.isPending}
        disabled={!preview.data || unchanged || !seatsValid}
        onCancel={onDone}
      />
    </form>
  );
}

function PreviewFigures({ preview, dropsScheduled }: { preview: SubscriptionChangePreview; dropsScheduled: boolean }) {
  const t = useTranslations('billing.subscription');
  const renewal = { date: formatInvoiceDate(preview.NextRenewalDate), plan: preview.Description, seats: preview.Quantity };
  return (
    <div className="flex flex-col gap-2">
      {preview.AppliesNow ? (
        <div>
          <p className="font-semibold">{t('dueNow')}</p>
          <p data-testid="due-now">
            {t('dueNowValue', { total: formatUsd(preview.Now.TotalAmount), tax: formatUsd(preview.Now.TaxTotalAmount) })}
          </p>
        </div>
      ) : (
        <p data-testid="due-now">
          {dropsScheduled
            ? t('dropScheduledPreview', renewal)
            : t('scheduledPreview', { ...renewal, amount: formatUsd(preview.NextRenewal.TotalAmount) })}
        </p>
      )}
      <div>
        <p className="font-semibold">{t('nextRenewalCharge')}</p>
        <p data-testid="next-renewal-charge">
          {t('nextRenewalValue', {
            total: formatUsd(preview.NextRenewal.TotalAmount),
            tax: formatUsd(preview.NextRenewal.TaxTotalAmount),
            date: renewal.date,
          })}
        </p>
      </div>
    </div>
  );
}
