'use client';

import { useLocale, useTranslations } from 'next-intl';
import { cells, DataTable } from '@/components/billing/DataTable';
import { Button } from '@/components/ui/Button';
import { buttonClass } from '@/components/ui/button-class';
import { cx } from '@/components/ui/cx';
import { Link } from '@/i18n/navigation';
import { fetchOffers, setOfferActive } from '@/lib/api/admin';
import type { AdminOffer } from '@/lib/contract/admin';
import type { Language } from '@/lib/contract/languages';
import { reportDone, useAdminQuery, useAdminWrite } from './admin-queries';
import { askConsole } from './console-store';
import { Badge } from '@/components/billing/status';
import { AdminStatus, EmptyState, ScreenHeading, useMoney } from './parts';
import { adminPaths } from './paths';

/** How an offer bills: once, monthly or yearly. */
function useBilling() {
  const t = useTranslations('admin.catalog');
  return (offer: Pick<AdminOffer, 'IsSubscription' | 'RenewalMonths'>) =>
    !offer.IsSubscription
      ? t('oneTime')
      : offer.RenewalMonths === 1
        ? t('monthly')
        : offer.RenewalMonths === 12
          ? t('yearly')
          : t('everyMonths', { months: offer.RenewalMonths });
}

/** Every offer, retired ones too, in the store's order. */
export function Catalog() {
  const t = useTranslations('admin.catalog');
  const { state, retry } = useAdminQuery(['offers'], fetchOffers);
  return (
    <>
      <ScreenHeading title={t('title')}>
        <Link href={adminPaths.newOffer} className={buttonClass('primary')}>
          {t('new')}
        </Link>
      </ScreenHeading>
      {state.status !== 'ready' ? (
        <AdminStatus state={state} onRetry={retry} />
      ) : state.data.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <OfferTable offers={state.data} />
      )}
    </>
  );
}

function OfferTable({ offers }: { offers: AdminOffer[] }) {
  const t = useTranslations('admin.catalog');
  const locale = useLocale() as Language;
  const money = useMoney();
  const billing = useBilling();
  return (
    <DataTable
      label={t('title')}
      caption={t('title')}
      columns={[
        { label: t('offer') },
        { label: t('price'), numeric: true },
        { label: t('billing'), wide: true },
        { label: t('state') },
        { label: t('actions') },
      ]}
    >
      {offers.map((offer) => (
        <tr key={offer.Key} className={cx(!offer.IsActive && 'bg-slate-50')}>
          <td className={cells.text}>
            <Link href={adminPaths.offer(offer.Key)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {offer.Description[locale] || offer.Description.en}
            </Link>
            <span className="block font-mono text-xs break-all text-slate-600">{offer.Key}</span>
            <span className={cells.phoneOnly}>{billing(offer)}</span>
          </td>
          <td className={cells.amount}>{money(offer.Price)}</td>
          <td className={cx(cells.text, cells.wide)}>{billing(offer)}</td>
          <td className={cells.text}>
            {offer.IsActive ? (
              <Badge tone="good" testId="offer-state">
                {t('active')}
              </Badge>
            ) : (
              <Badge tone="muted" testId="offer-state">
                {t('retired')}
              </Badge>
            )}
          </td>
          <td className={cells.text}>
            <ActiveButton offer={offer} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function ActiveButton({ offer }: { offer: AdminOffer }) {
  const t = useTranslations('admin.catalog');
  const locale = useLocale() as Language;
  const saving = useAdminWrite(() => setOfferActive(offer.Key, !offer.IsActive));
  const name = offer.Description[locale] || offer.Description.en;
  const act = async () => {
    if (
      offer.IsActive &&
      !(await askConsole({ title: t('retireTitle'), message: t('retireMessage', { name }), confirmLabel: t('retire'), warn: true }))
    )
      return;
    saving.mutate(undefined, { onSuccess: () => reportDone(offer.IsActive ? t('retiredDone', { name }) : t('restoredDone', { name })) });
  };
  return (
    <Button
      variant="plain"
      busy={saving.isPending}
      onClick={() => void act()}
      aria-label={offer.IsActive ? t('retireNamed', { name }) : t('restoreNamed', { name })}
    >
      {offer.IsActive ? t('retire') : t('restore')}
    </Button>
  );
}
