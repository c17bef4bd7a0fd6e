'use client';

import { useTranslations } from 'next-intl';
import { cells, DataTable } from '@/components/billing/DataTable';
import { InvoiceStatusBadge, RenewalText, SubscriptionName, SubscriptionStateBadge } from '@/components/billing/status';
import { Button } from '@/components/ui/Button';
import { cx } from '@/components/ui/cx';
import { Link } from '@/i18n/navigation';
import { cancelSubscriptionAsStaff, fetchCustomer, suspendCustomer, unsuspendCustomer } from '@/lib/api/admin';
import type { CustomerDetail } from '@/lib/contract/admin';
import type { Invoice, Subscription } from '@/lib/contract/billing';
import { refundedOf } from '@/lib/contract/presentation';
import { askConsole } from './console-store';
import { reportDone, useAdminQuery, useAdminWrite } from './admin-queries';
import { CustomerActions, ResendReceiptButton } from './CustomerActions';
import { CustomerBadges } from './Customers';
import { CustomerNotes } from './CustomerNotes';
import { AdminStatus, EmptyState, Facts, Panel, ScreenHeading, useDates, useMoney } from './parts';
import { adminPaths } from './paths';
import { useDeviceName } from '@/components/account/settings/device-name';

/** One customer: profile and suspension, invoices, subscriptions, live sessions. */
export function CustomerView({ id }: { id: string }) {
  const t = useTranslations('admin.customers');
  const { state, retry } = useAdminQuery(['customer', id], (signal) => fetchCustomer(id, signal));
  const back = { href: adminPaths.customers, label: t('back') };
  if (state.status !== 'ready')
    return (
      <>
        <ScreenHeading title={t('customerTitle')} back={back} />
        <AdminStatus state={state} notFound={t('notFound')} back={back} onRetry={retry} />
      </>
    );
  const detail = state.data;
  return (
    <>
      <ScreenHeading title={detail.Customer.EmailAddress} back={back}>
        <SuspendButton detail={detail} />
      </ScreenHeading>
      <div className="flex flex-col gap-8">
        <Profile detail={detail} />
        <CustomerNotes customerId={detail.Customer.Key} />
        <Invoices invoices={detail.Invoices} />
        <Subscriptions subscriptions={detail.Subscriptions} />
        <CustomerActions detail={detail} />
        <Sessions detail={detail} />
      </div>
    </>
  );
}

function Profile({ detail }: { detail: CustomerDetail }) {
  const t = useTranslations('admin.customers');
  const { date } = useDates();
  const customer = detail.Customer;
  return (
    <Panel title={t('profile')}>
      <Facts
        items={[
          { term: t('email'), value: customer.EmailAddress },
          { term: t('displayName'), value: customer.DisplayName ?? '—' },
          { term: t('since'), value: date(customer.CreatedDate) },
          {
            term: t('state'),
            value:
              customer.SuspendedDate || customer.DeletionDueDate || customer.Role ? (
                <span className="flex flex-col gap-1">
                  <CustomerBadges customer={customer} />
                  {customer.SuspendedDate && <span>{t('suspendedSince', { date: date(customer.SuspendedDate) })}</span>}
                  {customer.DeletionDueDate && <span>{t('deletionOn', { date: date(customer.DeletionDueDate) })}</span>}
                </span>
              ) : (
                t('active')
              ),
          },
        ]}
      />
    </Panel>
  );
}

function SuspendButton({ detail }: { detail: CustomerDetail }) {
  const t = useTranslations('admin.customers');
  const suspended = Boolean(detail.Customer.SuspendedDate);
  const saving = useAdminWrite(suspended ? unsuspendCustomer : suspendCustomer);
  const email = detail.Customer.EmailAddress;
  const act = async () => {
    const asked = suspended
      ? { title: t('liftTitle'), message: t('liftMessage', { email }), confirmLabel: t('lift') }
      : { title: t('suspendTitle'), message: t('suspendMessage', { email }), confirmLabel: t('suspend'), warn: true };
    if (!(await askConsole(asked))) return;
    saving.mutate(detail.Customer.Key, { onSuccess: () => reportDone(suspended ? t('lifted') : t('suspendedDone')) });
  };
  return (
    <Button variant={suspended ? 'primary' : 'warn'} busy={saving.isPending} onClick={() => void act()}>
      {suspended ? t('lift') : t('suspend')}
    </Button>
  );
}

function Invoices({ invoices }: { invoices: Invoice[] }) {
  const t = useTranslations('admin.customers');
  const actions = useTranslations('admin.customerActions');
  const money = useMoney();
  const { date } = useDates();
  return (
    <Panel title={t('invoices')}>
      {invoices.length === 0 ? (
        <EmptyState>{t('noInvoices')}</EmptyState>
      ) : (
        <DataTable
          label={t('invoices')}
          caption={t('invoices')}
          columns={[
            { label: t('number') },
            { label: t('date'), wide: true },
            { label: t('amount'), numeric: true },
            { label: t('status') },
            { label: actions('receipt') },
          ]}
        >
          {invoices.map((invoice) => {
            const refunded = refundedOf(invoice);
            return (
              <tr key={invoice.Key}>
                <td className={cells.text}>
                  <Link
                    href={adminPaths.invoice(invoice.Key)}
                    className="font-medium text-brand-700 tabular-nums underline-offset-2 hover:underline"
                  >
                    {invoice.InvoiceNumber}
                  </Link>
                  <span className={cells.phoneOnly}>{date(invoice.CreatedDate)}</span>
                </td>
                <td className={cx(cells.date, cells.wide)}>{date(invoice.CreatedDate)}</td>
                <td className={cells.amount}>{money(invoice.TotalAmount)}</td>
                <td className={cells.text}>
                  <span className="flex flex-col items-start gap-1">
                    <InvoiceStatusBadge invoice={invoice} />
                    {refunded > 0 && (
                      <span className="text-xs text-slate-700" data-testid="refunded">
                        {t('refunded', { amount: money(refunded) })}
                      </span>
                    )}
                  </span>
                </td>
                <td className={cells.text}>
                  <ResendReceiptButton invoice={invoice} />
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </Panel>
  );
}

function Subscriptions({ subscriptions }: { subscriptions: Subscription[] }) {
  const t = useTranslations('admin.customers');
  const { date } = useDates();
  return (
    <Panel title={t('subscriptions')}>
      {subscriptions.length === 0 ? (
        <EmptyState>{t('noSubscriptions')}</EmptyState>
      ) : (
        <DataTable
          label={t('subscriptions')}
          caption={t('subscriptions')}
          columns={[{ label: t('subscription') }, { label: t('status') }, { label: t('renewal'), wide: true }, { label: t('actions') }]}
        >
          {subscriptions.map((subscription) => (
            <tr key={subscription.Key}>
              <td className={cells.text}>
                <SubscriptionName subscription={subscription} />
                <span className="block text-xs text-slate-600">
                  {t('period', { from: date(subscription.EffectiveDate), to: date(subscription.ExpirationDate) })}
                </span>
              </td>
              <td className={cells.text}>
                <SubscriptionStateBadge subscription={subscription} />
              </td>
              {/* relative: the words only screen readers get stay inside the table's scroll box. */}
              <td className={cx(cells.date, cells.wide, 'relative')}>
                <RenewalText subscription={subscription} />
              </td>
              <td className={cells.text}>
                <CancelButtons subscription={subscription} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Panel>
  );
}

function CancelButtons({ subscription }: { subscription: Subscription }) {
  const t = useTranslations('admin.customers');
  const saving = useAdminWrite((when: 'now' | 'period-end') => cancelSubscriptionAsStaff(subscription.Key, when));
  // Nothing to end once it has run out.
  if (subscription.HasExpired) return <span className="text-slate-500">—</span>;
  const cancel = async (when: 'now' | 'period-end') => {
    const question =
      when === 'now'
        ? { title: t('cancelNowTitle'), message: t('cancelNowMessage'), confirmLabel: t('cancelNow'), warn: true }
        : { title: t('cancelEndTitle'), message: t('cancelEndMessage'), confirmLabel: t('cancelEnd') };
    if (!(await askConsole(question))) return;
    saving.mutate(when, { onSuccess: () => reportDone(t('cancelled')) });
  };
  return (
    <span className="flex flex-wrap gap-2">
      {!subscription.IsCancelled && (
        <Button variant="plain" busy={saving.isPending && saving.variables === 'period-end'} onClick={() => void cancel('period-end')}>
          {t('cancelEnd')}
        </Button>
      )}
      <Button variant="warn" busy={saving.isPending && saving.variables === 'now'} onClick={() => void cancel('now')}>
        {t('cancelNow')}
      </Button>
    </span>
  );
}

function Sessions({ detail }: { detail: CustomerDetail }) {
  const t = useTranslations('admin.customers');
  const { dateTime } = useDates();
  const deviceName = useDeviceName();
  return (
    <Panel title={t('sessions')}>
      {detail.Sessions.length === 0 ? (
        <EmptyState>{t('noSessions')}</EmptyState>
      ) : (
        <DataTable
          label={t('sessions')}
          caption={t('sessions')}
          columns={[
            { label: t('device') },
            { label: t('clientAddress') },
            { label: t('started') },
            { label: t('lastSeen') },
            { label: t('expires'), wide: true },
          ]}
        >
          {detail.Sessions.map((session, index) => (
            <tr key={index}>
              <td className={cells.text}>{deviceName(session)}</td>
              <td className={cx(cells.text, 'font-mono text-xs')}>{session.ClientAddress ?? t('addressUnknown')}</td>
              <td className={cells.date}>{dateTime(session.CreatedDate)}</td>
              <td className={cells.date}>{dateTime(session.LastSeenDate)}</td>
              <td className={cx(cells.date, cells.wide)}>{dateTime(session.ExpiresDate)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Panel>
  );
}
