'use client';

import { useLocale, useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { Link } from '@/i18n/navigation';
import { fetchOverview } from '@/lib/api/admin';
import type { Overview as OverviewData } from '@/lib/contract/admin';
import { AdminStatus, Panel, ScreenHeading, useMoney } from './parts';
import { useAdminQuery } from './admin-queries';
import { adminPaths } from './paths';

// recharts loads with this screen only, never with the site's other pages.
const RevenueChart = dynamic(() => import('./RevenueChart').then((module) => module.RevenueChart), {
  ssr: false,
  loading: () => <ChartLoading />,
});

function ChartLoading() {
  const t = useTranslations('admin.overview');
  return <LoadingStatus label={t('chartLoading')} />;
}

/** "2026-03" → "Mar 2026", in the reader's language. */
export function useMonthLabel() {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
}

export function Overview() {
  const t = useTranslations('admin.overview');
  const { state, retry } = useAdminQuery(['overview'], fetchOverview);
  return (
    <>
      <ScreenHeading title={t('title')} />
      {state.status === 'ready' ? <OverviewContent data={state.data} /> : <AdminStatus state={state} onRetry={retry} />}
    </>
  );
}

function OverviewContent({ data }: { data: OverviewData }) {
  const t = useTranslations('admin.overview');
  const money = useMoney();
  const monthLabel = useMonthLabel();
  const points = data.RevenueByMonth.map((month) => ({ label: monthLabel(month.Month), amount: month.Amount }));
  return (
    <div className="flex flex-col gap-8">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Tile label={t('activeSubscriptions')} value={String(data.ActiveSubscriptions)} testId="tile-subscriptions" />
        <Tile label={t('mrr')} value={money(data.MonthlyRecurringRevenue)} testId="tile-mrr" />
        <Tile
          label={t('openSupport')}
          value={String(data.OpenSupportMessages)}
          testId="tile-support"
          link={{ href: `${adminPaths.support}?status=new`, label: t('openInbox') }}
        />
      </ul>
      <Panel title={t('revenue')}>
        <p className="text-sm text-slate-600">{t('revenueNote')}</p>
        <div aria-hidden className="h-72 w-full rounded-lg border border-slate-200 bg-white p-2 shadow-sm sm:p-4">
          <RevenueChart points={points} formatMoney={money} />
        </div>
        {/* The chart's numbers for screen readers (the drawing itself is hidden from them). */}
        <table className="sr-only">
          <caption>{t('revenue')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('month')}</th>
              <th scope="col">{t('amount')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{money(point.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
    </div>
  );
}

function Tile({ label, value, testId, link }: { label: string; value: string; testId: string; link?: { href: string; label: string } }) {
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <span className="text-sm font-medium text-slate-600">{label}</span>
      <span data-testid={testId} className="text-2xl font-bold text-slate-900 tabular-nums">
        {value}
      </span>
      {link && (
        <Link href={link.href} className="mt-1 text-sm text-brand-700 underline-offset-2 hover:underline">
          {link.label}
        </Link>
      )}
    </li>
  );
}
