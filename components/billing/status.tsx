'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { Invoice, Subscription } from '@/lib/contract/billing';
import {
  formatInvoiceDate,
  invoiceStatus,
  subscriptionState,
  type InvoiceStatus,
  type SubscriptionState,
} from '@/lib/contract/presentation';
import { cx } from '../ui/cx';

export type Tone = 'good' | 'info' | 'wait' | 'muted' | 'bad';

const tones: Record<Tone, string> = {
  good: 'bg-green-50 text-green-800 ring-green-700/30',
  info: 'bg-brand-50 text-brand-800 ring-brand-700/30',
  wait: 'bg-amber-50 text-amber-900 ring-amber-700/40',
  muted: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  bad: 'bg-red-50 text-warn-700 ring-warn-600/40',
};

/** Long labels (and their translations) may wrap on phones rather than push a table wider. */
export function Badge({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={cx(
        'inline-flex items-center rounded-xl px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset sm:rounded-full sm:whitespace-nowrap',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

const stateTones: Record<SubscriptionState, Tone> = {
  active: 'good',
  renewed: 'info',
  pending: 'wait',
  expired: 'muted',
  inactive: 'bad',
  invalid: 'bad',
};
const statusTones: Record<InvoiceStatus, Tone> = {
  paid: 'good',
  partiallyRefunded: 'info',
  refunded: 'muted',
  unpaid: 'wait',
  void: 'muted',
};

/** Subscription state (docs/product/billing.md#subscription-states; the rule itself lives in lib/contract/presentation). */
/** The subscription's offer, with how many it holds when more than one. */
export function SubscriptionName({ subscription }: { subscription: Pick<Subscription, 'Description' | 'Quantity'> }) {
  const t = useTranslations('billing');
  return subscription.Quantity > 1
    ? t('subscriptionName', { description: subscription.Description, quantity: subscription.Quantity })
    : subscription.Description;
}

export function SubscriptionStateBadge({ subscription }: { subscription: Subscription }) {
  const t = useTranslations('billing.subscriptionState');
  const state = subscriptionState(subscription);
  return (
    <Badge tone={stateTones[state]} testId="subscription-state">
      {t(state)}
    </Badge>
  );
}

/** Invoice status: Void, Refunded, Partially refunded, Paid or Unpaid Pending (docs/product/billing.md#invoice-status). */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<Invoice, 'IsVoid' | 'FullyPaidDate' | 'Payments' | 'TotalAmount'> }) {
  const t = useTranslations('billing.invoiceStatus');
  const status = invoiceStatus(invoice);
  return (
    <Badge tone={statusTones[status]} testId="invoice-status">
      {t(status)}
    </Badge>
  );
}

/**
 * A cancelled subscription (docs/product/billing.md#subscription-states) shows 'Cancelled' instead of its renewal date, a failed
 * renewal 'Renewal Failed!'. Cancelling is the user's last word, so it wins over a failure.
 */
export function RenewalText({ subscription }: { subscription: Pick<Subscription, 'IsCancelled' | 'RenewalFailed' | 'NextRenewalDate'> }) {
  const t = useTranslations('billing.renewal');
  if (subscription.IsCancelled) return <span className="font-medium text-slate-700">{t('cancelled')}</span>;
  if (subscription.RenewalFailed) return <span className="font-semibold text-warn-700">{t('failed')}</span>;
  if (subscription.NextRenewalDate) return <>{formatInvoiceDate(subscription.NextRenewalDate)}</>;
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">{t('none')}</span>
    </>
  );
}
