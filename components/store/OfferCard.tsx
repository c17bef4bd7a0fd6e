'use client';

import Link from 'next/link';
import { useEffect, useId, useRef } from 'react';
import { formatUsd, formatUsdWhole } from '@/lib/contract/presentation';
import { isFreePlan } from '@/lib/contract/offer-rules';
import type { HeldSubscription, ServiceOffer } from '@/lib/contract/store';
import { addSeatPath } from '@/lib/portal-paths';
import type { MessageKeyIn } from '@/i18n/messages';
import { Button } from '../ui/Button';
import { buttonClass } from '../ui/button-class';
import { cx } from '../ui/cx';
import { useLocalePath, useShellText } from '../shell/shell-i18n';

/**
 * One offer of the pricing page (docs/product/store.md#pricing-page): its description links to the offer's home page, then the bullets.
 * Paid offers show 'Only {price}', an optional 'Save' amount and ADD TO CART; free plans
 * (TrialDays -1) have their own background and START, which opens the app.
 */
export function OfferCard({
  offer,
  adding,
  onAdd,
  held,
  onAddAnyway,
}: {
  offer: ServiceOffer;
  adding: boolean;
  onAdd(offer: ServiceOffer): void;
  /** Set once ADD TO CART found this plan already held: the card offers a seat on it instead. */
  held?: HeldSubscription;
  onAddAnyway(offer: ServiceOffer): void;
}) {
  const text = useShellText();
  const t = (key: MessageKeyIn<'store.pricing'>, values?: Record<string, string>) => text(`store.pricing.${key}`, values);
  const localePath = useLocalePath();
  const titleId = useId();
  const free = isFreePlan(offer);
  return (
    <article
      aria-labelledby={titleId}
      data-testid="offer-card"
      data-free-plan={free || undefined}
      className={cx(
        'flex h-full flex-col rounded-xl p-6 ring-1',
        free ? 'bg-brand-50 ring-brand-100' : 'bg-white shadow-sm ring-slate-200',
      )}
    >
      <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase">
        {t(free ? 'freePlan' : offer.IsSubscription ? 'subscriptionPlan' : 'oneTime')}
      </p>
      <h3 id={titleId} className="mt-1 text-lg leading-snug font-semibold">
        <Link
          href={localePath(offer.ServiceHomePage)}
          className="text-slate-900 underline decoration-brand-600/40 underline-offset-4 hover:text-brand-700 hover:decoration-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {offer.Description}
        </Link>
      </h3>
      <ul className="mt-4 flex flex-col gap-2 text-sm text-slate-700">
        {offer.Items.map((item) => (
          <li key={item} className="flex gap-2">
            <svg
              aria-hidden
              viewBox="0 0 20 20"
              className="mt-0.5 size-4 shrink-0 text-success-700"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4 10.5l4 4 8-9" />
            </svg>
            <span>{item}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto flex flex-col items-start gap-3 pt-6">
        {free ? (
          // The app's landing page (docs/product/billing.md#app-landing-pages), in the page's language.
          // The plan's name, hidden on screen, makes the link say where it goes (to search engines too).
          <Link href={localePath(offer.AppPage)} className={buttonClass('primary')}>
            {t('start')}
            <span className="sr-only"> {offer.Description}</span>
          </Link>
        ) : (
          <>
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <p className="text-2xl font-bold text-slate-900">{t('only', { price: formatUsd(offer.Price) })}</p>
              {offer.Savings > 0 && (
                <p className="rounded-full bg-success-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                  {t('save', { amount: formatUsdWhole(offer.Savings) })}
                </p>
              )}
            </div>
            {offer.IsSubscription && <p className="text-xs text-slate-600">{t('renews')}</p>}
            {held ? (
              <HeldPlanNotice held={held} adding={adding} onAddAnyway={() => onAddAnyway(offer)} />
            ) : (
              <Button onClick={() => onAdd(offer)} busy={adding} aria-describedby={titleId}>
                {t('addToCart')}
              </Button>
            )}
          </>
        )}
      </div>
    </article>
  );
}

/**
 * Buying a plan already held (docs/product/store.md#already-held-plans): a seat on the subscription, changed on its
 * page, or a second subscription anyway. It takes the place of ADD TO CART, so the focus moves to it.
 */
function HeldPlanNotice({ held, adding, onAddAnyway }: { held: HeldSubscription; adding: boolean; onAddAnyway(): void }) {
  const text = useShellText();
  const localePath = useLocalePath();
  const titleId = useId();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <div
      ref={notice}
      role="group"
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="held-plan"
      className="flex w-full flex-col items-start gap-3 rounded-lg bg-brand-50 p-4 ring-1 ring-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <p id={titleId} className="font-semibold text-slate-900">
        {text('store.pricing.heldTitle')}
      </p>
      <p className="text-sm text-slate-700">{text('store.pricing.heldText', { seats: held.Quantity })}</p>
      <Link href={localePath(addSeatPath(held.SubscriptionKey))} className={buttonClass('primary')}>
        {text('store.pricing.addSeat')}
      </Link>
      <Button variant="plain" onClick={onAddAnyway} busy={adding}>
        {text('store.pricing.buyAnyway')}
      </Button>
    </div>
  );
}
