'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import { completeCardSetup, createCardSetupSession, fetchCardOnFile, saveTestCard } from '@/lib/api/billing';
import { decodePublishableKey, fetchKeyInfo } from '@/lib/api/payment';
import { snackbarDurations } from '@/lib/config';
import type { CardOnFileResponse } from '@/lib/contract/billing';
import { billingPath, CARD_SESSION_PARAM, cardPath } from '@/lib/portal-paths';
import { showError, showSuccess } from '@/lib/state/snackbar';
import { useDataScope } from '../data/use-data-scope';
import { EmbeddedStripeForm } from '../store/EmbeddedStripeForm';
import { LazyTestCardForm } from '../store/LazyTestCardForm';
import type { TestCard } from '../store/TestCardForm';
import { RetryNotice } from '../ui/Notice';
import { cardQueryKey, useCardName } from './CardOnFile';
import { textLinkClass } from './links';
import { LoadingState, PortalStatus } from './PortalStatus';
import { usePortalQuery } from './use-portal-query';

/**
 * The card page (docs/product/billing.md#card-on-file): the card on file, and the active
 * provider's form for a new one: Stripe's embedded form in setup mode, which comes back here
 * with its session, or the offline provider's test card form. Saved, it goes back to billing.
 */
export function CardUpdate() {
  // Reading the query needs a Suspense boundary on a statically rendered page.
  return (
    <Suspense fallback={<LoadingState />}>
      <CardPage />
    </Suspense>
  );
}

function CardPage() {
  const t = useTranslations('billing');
  const returnedSession = useSearchParams()?.get(CARD_SESSION_PARAM) ?? null;
  const { state, retry } = usePortalQuery(['card-page'], async (signal) => {
    const [keyInfo, card] = await Promise.all([fetchKeyInfo(), fetchCardOnFile(signal)]);
    return { keyInfo, card: card.Card };
  });
  if (state.status !== 'ready') return <PortalStatus state={state} onRetry={retry} />;
  const { keyInfo, card } = state.data;
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <CurrentCard card={card} />
      <p className="text-slate-800">{t('card.intro')}</p>
      {keyInfo.Provider === 'stripe' ? (
        <StripeCardForm publishableKey={decodePublishableKey(keyInfo.Value)} returnedSession={returnedSession} />
      ) : (
        <TestCardUpdate />
      )}
      <p>
        <Link href={billingPath} className={textLinkClass}>
          {t('backToBilling')}
        </Link>
      </p>
    </div>
  );
}

function CurrentCard({ card }: { card: CardOnFileResponse['Card'] }) {
  const t = useTranslations('billing.card');
  const cardName = useCardName();
  return <p className="font-medium text-slate-900">{card ? t('current', { card: cardName(card) }) : t('none')}</p>;
}

/** A saved card: the billing page shows it at once, says so, and is where this page leads. */
function useCardSaved() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const scope = useDataScope('portal');
  return (card: CardOnFileResponse['Card']) => {
    queryClient.setQueryData<CardOnFileResponse>([...scope, ...cardQueryKey], { Card: card });
    showSuccess({ key: 'billing.snack.cardSaved' });
    router.push(billingPath);
  };
}

function TestCardUpdate() {
  const t = useTranslations('billing');
  const pathname = usePathname();
  const cardSaved = useCardSaved();
  const [declined, setDeclined] = useState(false);
  const saving = useMutation({ mutationFn: saveTestCard, meta: { login: { returnTo: pathname } } });
  const onSubmit = async (card: TestCard) => {
    setDeclined(false);
    // The API client has already shown a failure.
    const answer = await saving.mutateAsync(card).catch(() => null);
    if (!answer) return;
    if (answer.Status === 'declined') return setDeclined(true);
    cardSaved(answer.Card);
  };
  return (
    <LazyTestCardForm
      loadingLabel={t('loading')}
      submitLabel={t('card.save')}
      busy={saving.isPending}
      declined={declined}
      onSubmit={onSubmit}
    />
  );
}

/** Stripe's form, or on return from it (`?session_id=`) the saving of the card it took. */
function StripeCardForm({ publishableKey, returnedSession }: { publishableKey: string; returnedSession: string | null }) {
  const router = useRouter();
  const onLoadFailed = useCallback(() => {
    showError({ key: 'billing.snack.cardFormFailed' }, snackbarDurations.long);
    router.replace(billingPath);
  }, [router]);
  if (returnedSession) return <StripeCardReturn sessionId={returnedSession} />;
  return (
    <EmbeddedStripeForm
      publishableKey={publishableKey}
      fetchClientSecret={createCardSetupSession}
      onLoadFailed={onLoadFailed}
      testId="stripe-card-form"
    />
  );
}

function StripeCardReturn({ sessionId }: { sessionId: string }) {
  const t = useTranslations('billing');
  const pathname = usePathname();
  const router = useRouter();
  const cardSaved = useCardSaved();
  const completing = useMutation({
    mutationFn: () => completeCardSetup(sessionId),
    meta: { login: { returnTo: pathname } },
    onSuccess: (answer) => {
      if (answer.Status === 'complete') cardSaved(answer.Card);
    },
  });
  // Saving is a write: sent once, not again on React's development double run.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completing.mutate();
  }, [completing]);
  const again = () => router.replace(cardPath);
  if (completing.isError) return <RetryNotice text={t('loadFailed')} retryLabel={t('retry')} onRetry={() => completing.mutate()} />;
  if (completing.data && completing.data.Status !== 'complete')
    return (
      <RetryNotice
        text={t(completing.data.Status === 'expired' ? 'card.expiredForm' : 'card.notSaved')}
        retryLabel={t('card.update')}
        onRetry={again}
      />
    );
  return <LoadingState label={t('card.saving')} />;
}
