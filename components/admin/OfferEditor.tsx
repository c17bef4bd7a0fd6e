'use client';

import { useTranslations } from 'next-intl';
import { Badge } from '@/components/billing/status';
import { useRouter } from '@/i18n/navigation';
import { fetchOffers } from '@/lib/api/admin';
import { useAdminQuery } from './admin-queries';
import { OfferForm } from './OfferForm';
import { AdminStatus, ScreenHeading } from './parts';
import { adminPaths } from './paths';

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
