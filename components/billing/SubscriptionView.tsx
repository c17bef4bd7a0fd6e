'use client';

import { useTranslations } from 'next-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, type ReactNode } from 'react';
import { Link, usePathname } from '@/i18n/navigation';
import { cancelSubscription, fetchSubscription, resumeSubscription } from '@/lib/api/billing';
import { ApiCallError } from '@/lib/api/client';
import type { Subscription } from '@/lib/contract/billing';
import { formatInvoiceDate, formatUsd } from '@/lib/contract/presentation';
import { confirm } from '@/lib/state/confirm';
import { showSuccess } from '@/lib/state/snackbar';
import { Button } from '../ui/Button';
import { AppLink } from './AppLink';
import { ChangePlanSection, isChangeable } from './ChangePlan';
import { textLinkClass as linkClass } from './links';
import { PortalStatus } from './PortalStatus';
import { RenewalText, SubscriptionName, SubscriptionStateBadge } from './status';
import { usePortalQuery } from './use-portal-query';
import { invoicePath } from '@/lib/portal-paths';

/** The subscription page's client island (docs/product/billing.md#subscription-page). */
export function SubscriptionView({ id }: { id: string }) {
  const t = useTranslations('billing.subscription');
  const { state, retry, queryKey } = usePortalQuery(['subscription', id], (signal) => fetchSubscription(id, signal));
  if (state.status !== 'ready') return <PortalStatus state={state} notFound={t('notFound')} onRetry={retry} />;
  return (
    <div className="flex flex-col gap-6">
      <SubscriptionDetails subscription={state.data} />
      {isChangeable(state.data) && <ChangePlanSection subscription={state.data} queryKey={queryKey} />}
      <CancelSection subscription={state.data} queryKey={queryKey} />
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const t = useTranslations('billing.subscription');
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        <SubscriptionName subscription={subscription} />
      </h2>
      <dl className="grid grid-cols-2 gap-5 md:grid-cols-4">
        <Field label={t('state')}>
          <SubscriptionStateBadge subscription={subscription} />
        </Field>
        <Field label={t('effective')}>{formatInvoiceDate(subscription.EffectiveDate)}</Field>
        <Field label={t('expiration')}>{formatInvoiceDate(subscription.ExpirationDate)}</Field>
        <Field label={t('nextRenewal')}>
          <span data-testid="next-renewal">
            <RenewalText subscription={subscription} />
          </span>
        </Field>
        {subscription.NextChargeAmount !== null && subscription.NextRenewalDate && (
          <Field label={t('nextCharge')}>
            <span data-testid="next-charge">
              {t('nextChargeValue', {
                amount: formatUsd(subscription.NextChargeAmount),
                date: formatInvoiceDate(subscription.NextRenewalDate),
              })}
            </span>
          </Field>
        )}
        {subscription.ScheduledChange && (
          <Field label={t('scheduledChange')}>
            <span data-testid="scheduled-change">
              {t('scheduledChangeValue', {
                plan: subscription.ScheduledChange.Description,
                seats: subscription.ScheduledChange.Quantity,
                date: formatInvoiceDate(subscription.ScheduledChange.EffectiveDate),
              })}
            </span>
          </Field>
        )}
        {subscription.LicenseKey && (
          <Field label={t('licenseKey')}>
            <span className="font-mono break-all select-all">{subscription.LicenseKey}</span>
          </Field>
        )}
      </dl>
      <nav aria-label={t('links')} className="flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-200 pt-5 text-sm">
        <Link href={invoicePath(subscription.InvoiceKey)} className={linkClass}>
          {t('viewInvoice')}
        </Link>
        {subscription.ProductHomePage && (
          <Link href={subscription.ProductHomePage} className={linkClass}>
            {t('productPage')}
          </Link>
        )}
        {subscription.AppPage && (
          <AppLink href={subscription.AppPage} className={linkClass}>
            {t('openApp')}
          </AppLink>
        )}
      </nav>
    </article>
  );
}

/** Cancelled, and its paid period still runs: it may renew again (docs/product/billing.md#resuming-a-cancelled-subscription). */
const isResumable = (subscription: Subscription) =>
  subscription.IsCancelled && subscription.IsValid && !subscription.IsRenewed && !subscription.HasExpired && !subscription.RenewalFailed;

/**
 * Confirm first (warn style); impossible without a next renewal date (docs/product/billing.md#cancelling-a-subscription).
 * A cancelled subscription whose period runs offers RESUME instead.
 */
function CancelSection({ subscription, queryKey }: { subscription: Subscription; queryKey: readonly unknown[] }) {
  const t = useTranslations('billing.subscription');
  const pathname = usePathname();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const cancellable = Boolean(subscription.NextRenewalDate);
  const resumable = isResumable(subscription);
  const cancelling = useMutation({
    mutationFn: () => cancelSubscription(subscription.Key),
    meta: { login: { returnTo: pathname } },
    // Success sets cancelled and clears the next renewal date (docs/product/billing.md#cancelling-a-subscription).
    onSuccess: () => {
      queryClient.setQueryData<Subscription>(queryKey, (shown) => shown && { ...shown, IsCancelled: true, NextRenewalDate: null });
      showSuccess({ key: 'billing.snack.subscriptionCancelled' });
      // The button is disabled now; keep keyboard focus in this section instead of losing it.
      headingRef.current?.focus();
    },
    // The client already showed any refusal, which means the page is out of date (e.g. cancelled
    // in another tab): show how it is now. A lost session is the 401 handler's.
    onError: (error) => {
      if (error instanceof ApiCallError && error.status !== undefined && error.status !== 401 && error.status < 500)
        void queryClient.invalidateQueries({ queryKey });
    },
  });

  const resuming = useMutation({
    mutationFn: () => resumeSubscription(subscription.Key),
    meta: { login: { returnTo: pathname } },
    // It renews again at the end of its period, as before the cancel.
    onSuccess: () => {
      queryClient.setQueryData<Subscription>(
        queryKey,
        (shown) => shown && { ...shown, IsCancelled: false, NextRenewalDate: shown.ExpirationDate },
      );
      showSuccess({ key: 'billing.snack.subscriptionResumed' });
      headingRef.current?.focus();
    },
    onError: (error) => {
      if (error instanceof ApiCallError && error.status !== undefined && error.status !== 401 && error.status < 500)
        void queryClient.invalidateQueries({ queryKey });
    },
  });

  async function cancel() {
    const confirmed = await confirm({
      titleKey: 'billing.subscription.confirmTitle',
      messageKey: 'billing.subscription.confirmMessage',
      warn: true,
      icon: 'warning',
    });
    if (confirmed) cancelling.mutate();
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {resumable ? t('resumeTitle') : t('cancelTitle')}
        </h2>
        <p id={`${headingId}-text`} className="text-sm text-slate-700">
          {resumable
            ? t('resumeText', { date: formatInvoiceDate(subscription.ExpirationDate) })
            : cancellable
              ? t('cancelText')
              : t('cancelUnavailable')}
        </p>
      </div>
      {resumable ? (
        <Button busy={resuming.isPending} aria-describedby={`${headingId}-text`} onClick={() => resuming.mutate()} className="shrink-0">
          {t('resume')}
        </Button>
      ) : (
        <Button
          variant="warn"
          disabled={!cancellable}
          busy={cancelling.isPending}
          aria-describedby={`${headingId}-text`}
          onClick={() => void cancel()}
          className="shrink-0"
        >
          {t('cancel')}
        </Button>
      )}
    </section>
  );
}
