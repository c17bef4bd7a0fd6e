'use client';

import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import type { CardOnFile, CardOnFileResponse } from '@/lib/contract/billing';
import { cardPath } from '@/lib/portal-paths';
import { buttonClass } from '../ui/button-class';
import { RetryNotice } from '../ui/Notice';
import { LoadingState } from './PortalStatus';
import type { PortalData } from './use-portal-query';

/** The query of the card on file: the billing page shows it, the card page updates it. */
export const cardQueryKey = ['card'] as const;

/** A card is good through the last day of its expiry month. */
const hasExpired = (card: CardOnFile, now = new Date()) =>
  card.ExpYear < now.getUTCFullYear() || (card.ExpYear === now.getUTCFullYear() && card.ExpMonth < now.getUTCMonth() + 1);

/** The card brands with a name of their own (Stripe's PaymentMethod.card.brand); any other is "Card". */
const namedBrands = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'cartes_bancaires'] as const;
const isNamedBrand = (brand: string): brand is (typeof namedBrands)[number] => (namedBrands as readonly string[]).includes(brand);

/** "Visa ending in 4242" in the reader's language. */
export function useCardName() {
  const t = useTranslations('billing.card');
  return (card: CardOnFile) => t('summary', { brand: t(`brands.${isNamedBrand(card.Brand) ? card.Brand : 'other'}`), last4: card.Last4 });
}

/** Brand, last four and expiry; an expired card says so. */
function CardSummary({ card }: { card: CardOnFile }) {
  const t = useTranslations('billing.card');
  const cardName = useCardName();
  const date = `${String(card.ExpMonth).padStart(2, '0')}/${card.ExpYear}`;
  const expired = hasExpired(card);
  return (
    <div className="flex flex-col gap-1" data-testid="card-on-file">
      <p className="font-semibold text-slate-900">{cardName(card)}</p>
      <p className={expired ? 'text-sm font-medium text-warn-700' : 'text-sm text-slate-700'}>
        {t(expired ? 'expired' : 'expires', { date })}
      </p>
    </div>
  );
}

/** The billing page's "Payment method" card (docs/product/billing.md#card-on-file): the card renewals charge, and UPDATE CARD. */
export function CardOnFileSection({ state, retry }: { state: PortalData<CardOnFileResponse>; retry(): void }) {
  const t = useTranslations('billing');
  const headingId = useId();
  let body: ReactNode = null;
  if (state.status === 'ready') {
    const card = state.data.Card;
    body = (
      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6">
        {card ? (
          <div className="flex flex-col gap-2">
            <CardSummary card={card} />
            <p className="text-sm text-slate-700">{t('card.renewalsCharge')}</p>
          </div>
        ) : (
          <div className="flex flex-col gap-1">
            <p className="font-semibold text-slate-900">{t('card.none')}</p>
            <p className="text-sm text-slate-700">{t('card.noneHint')}</p>
          </div>
        )}
        <Link href={cardPath} className={buttonClass('primary', 'shrink-0')}>
          {t('card.update')}
        </Link>
      </div>
    );
  } else if (state.status === 'failed') body = <RetryNotice text={t('loadFailed')} retryLabel={t('retry')} onRetry={retry} />;
  // A lost session is the page's to show.
  else if (state.status === 'loading') body = <LoadingState />;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('card.title')}
      </h2>
      {body}
    </section>
  );
}
