'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge, type Tone } from '@/components/billing/status';
import { useFieldError } from '@/components/forms/use-field-error';
import { BillingForm } from '@/components/store/BillingForm';
import { CartFormSchema, type CartFormInput, type CartFormOutput } from '@/components/store/cart-form-schema';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { LoadingStatus } from '@/components/ui/LoadingStatus';
import { TextArea } from '@/components/ui/TextArea';
import { TextField } from '@/components/ui/TextField';
import {
  changeCustomerBilling,
  fetchCustomerAccount,
  fetchSentMessages,
  resendReceipt,
  resetCustomerTwoStep,
  writeToCustomer,
} from '@/lib/api/admin';
import { fetchCountries, fetchUsStates } from '@/lib/api/app';
import type { CustomerDetail } from '@/lib/contract/admin';
import { CustomerMessageRequestSchema, type SentMessage } from '@/lib/contract/admin-customer-actions';
import type { Invoice } from '@/lib/contract/billing';
import { limits } from '@/lib/contract/limits';
import type { BillingInfo } from '@/lib/contract/store';
import { useDataScope } from '../data/use-data-scope';
import { reportDone, useAdminQuery, useAdminWrite } from './admin-queries';
import { askConsole } from './console-store';
import { AdminStatus, EmptyState, Facts, Panel, useDates } from './parts';
import { FormButtons } from '@/components/ui/FormButtons';

/** What staff do for a customer beside their records: write to them, their billing details, a lost two-step sign-in. */
export function CustomerActions({ detail }: { detail: CustomerDetail }) {
  const customerId = detail.Customer.Key;
  const { state, retry } = useAdminQuery(['customer-account', customerId], (signal) => fetchCustomerAccount(customerId, signal));
  return (
    <>
      <SentMessages detail={detail} />
      {state.status === 'ready' ? (
        <>
          <BillingDetails customerId={customerId} billing={state.data.Billing} />
          <TwoStep detail={detail} enabled={state.data.TwoStepEnabled} />
        </>
      ) : (
        <AdminStatus state={state} onRetry={retry} />
      )}
    </>
  );
}

const deliveryTone: Record<SentMessage['Delivery'], Tone> = { queued: 'wait', sent: 'good', failed: 'bad' };

function SentMessages({ detail }: { detail: CustomerDetail }) {
  const t = useTranslations('admin.customerActions');
  const { dateTime } = useDates();
  const [writing, setWriting] = useState(false);
  const customerId = detail.Customer.Key;
  const { state, retry } = useAdminQuery(['customer-messages', customerId], (signal) => fetchSentMessages(customerId, signal));
  return (
    <Panel title={t('messagesTitle')} actions={<Button onClick={() => setWriting(true)}>{t('write')}</Button>}>
      {state.status !== 'ready' ? (
        <AdminStatus state={state} onRetry={retry} />
      ) : state.data.Messages.length === 0 ? (
        <EmptyState>{t('noMessages')}</EmptyState>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t('messagesTitle')}>
          {state.data.Messages.map((message) => (
            <li key={message.Key} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold break-words text-slate-900">{message.Subject}</p>
                <Badge tone={deliveryTone[message.Delivery]} testId="delivery">
                  {t(`delivery.${message.Delivery}`)}
                </Badge>
              </div>
              <p className="mb-2 text-xs text-slate-700">
                {t('sentBy', { who: message.StaffEmailAddress, when: dateTime(message.CreatedDate) })}
              </p>
              <p className="break-words whitespace-pre-line text-slate-900">{message.Body}</p>
            </li>
          ))}
        </ol>
      )}
      <Dialog open={writing} onOpenChange={setWriting} title={t('writeTitle', { email: detail.Customer.EmailAddress })}>
        {writing && <MessageForm customerId={customerId} onSent={() => setWriting(false)} onCancel={() => setWriting(false)} />}
      </Dialog>
    </Panel>
  );
}

function MessageForm({ customerId, onSent, onCancel }: { customerId: string; onSent(): void; onCancel(): void }) {
  const t = useTranslations('admin.customerActions');
  const common = useTranslations('admin.common');
  const { register, handleSubmit, formState } = useForm<{ Subject: string; Body: string }>({
    resolver: zodResolver(CustomerMessageRequestSchema),
    mode: 'all',
    defaultValues: { Subject: '', Body: '' },
  });
  const fieldError = useFieldError(formState);
  const [messages, setMessages] = useState<string[]>([]);
  const sending = useAdminWrite(
    (request: { Subject: string; Body: string }) => writeToCustomer(customerId, request),
    (message) => setMessages([message]),
  );
  const onSubmit = handleSubmit((request) => {
    setMessages([]);
    sending.mutate(request, {
      onSuccess: () => {
        reportDone(t('messageSent'));
        onSent();
      },
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('writeHint')}</p>
      <ErrorPanel messages={messages} />
      <TextField label={t('subject')} maxLength={limits.customerMessageSubject} error={fieldError('Subject')} {...register('Subject')} />
      <TextArea label={t('body')} maxLength={limits.customerMessageBody} rows={8} error={fieldError('Body')} {...register('Body')} />
      <FormButtons cancelLabel={common('cancel')} submitLabel={t('send')} busy={sending.isPending} onCancel={onCancel} />
    </form>
  );
}

/** The billing details as the cart form edits them (text fields: empty for none). */
const toFormBilling = (billing: BillingInfo | null): CartFormInput['Billing'] => ({
  Name: billing?.Name ?? '',
  Address1: billing?.Address1 ?? '',
  Address2: billing?.Address2 ?? '',
  City: billing?.City ?? '',
  StateCode: billing?.StateCode ?? '',
  PostalCode: billing?.PostalCode ?? '',
  CountryCode: billing?.CountryCode ?? '',
  IsBusinessPurchase: billing?.IsBusinessPurchase ?? false,
  CompanyName: billing?.CompanyName ?? '',
  TaxId: billing?.TaxId ?? '',
  PurchaseOrder: billing?.PurchaseOrder ?? '',
});

function BillingDetails({ customerId, billing }: { customerId: string; billing: BillingInfo | null }) {
  const t = useTranslations('admin.customerActions');
  const [editing, setEditing] = useState(false);
  const lines = billing
    ? [
        { term: t('billingName'), value: billing.Name },
        {
          term: t('billingAddress'),
          value: [billing.Address1, billing.Address2, `${billing.PostalCode} ${billing.City}`, billing.StateCode, billing.CountryCode]
            .filter(Boolean)
            .join(', '),
        },
        ...(billing.IsBusinessPurchase
          ? [
              { term: t('company'), value: billing.CompanyName ?? '—' },
              { term: t('taxId'), value: billing.TaxId ?? '—' },
              { term: t('purchaseOrder'), value: billing.PurchaseOrder ?? '—' },
            ]
          : []),
      ]
    : [];
  return (
    <Panel title={t('billingTitle')} actions={<Button onClick={() => setEditing(true)}>{t('editBilling')}</Button>}>
      <p className="text-sm text-slate-600">{t('billingHint')}</p>
      {billing ? <Facts items={lines} /> : <EmptyState>{t('noBilling')}</EmptyState>}
      <Dialog open={editing} onOpenChange={setEditing} title={t('billingTitle')} maxWidth={640}>
        {editing && <BillingEditor customerId={customerId} billing={billing} onClose={() => setEditing(false)} />}
      </Dialog>
    </Panel>
  );
}

function BillingEditor({ customerId, billing, onClose }: { customerId: string; billing: BillingInfo | null; onClose(): void }) {
  const t = useTranslations('admin.customerActions');
  const common = useTranslations('admin.common');
  // The lists the cart page offers; an empty list still lets the form work.
  const lists = useQuery({
    queryKey: [...useDataScope('admin'), 'billing-lists'],
    queryFn: async () => ({ countries: await fetchCountries().catch(() => []), usStates: await fetchUsStates().catch(() => []) }),
  });
  const form = useForm<CartFormInput, unknown, CartFormOutput>({
    resolver: zodResolver(CartFormSchema),
    mode: 'all',
    defaultValues: { Billing: toFormBilling(billing), Quantities: {} },
  });
  const [messages, setMessages] = useState<string[]>([]);
  const saving = useAdminWrite(
    (next: BillingInfo) => changeCustomerBilling(customerId, next),
    (message) => setMessages([message]),
  );
  const onSubmit = form.handleSubmit(({ Billing }) => {
    setMessages([]);
    saving.mutate(Billing, {
      onSuccess: () => {
        reportDone(t('billingSaved'));
        onClose();
      },
    });
  });
  if (!lists.data) return <LoadingStatus label={common('loading')} />;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ErrorPanel messages={messages} />
      <BillingForm form={form} countries={lists.data.countries} usStates={lists.data.usStates} />
      <FormButtons cancelLabel={common('cancel')} submitLabel={t('saveBilling')} busy={saving.isPending} onCancel={onClose} />
    </form>
  );
}

function TwoStep({ detail, enabled }: { detail: CustomerDetail; enabled: boolean }) {
  const t = useTranslations('admin.customerActions');
  const resetting = useAdminWrite(resetCustomerTwoStep);
  const email = detail.Customer.EmailAddress;
  // A staff account's authenticator is reset on the server, not here.
  const resettable = enabled && !detail.Customer.Role;
  const reset = async () => {
    const asked = { title: t('resetTitle'), message: t('resetMessage', { email }), confirmLabel: t('reset'), warn: true };
    if (!(await askConsole(asked))) return;
    resetting.mutate(detail.Customer.Key, { onSuccess: () => reportDone(t('resetDone')) });
  };
  return (
    <Panel
      title={t('twoStepTitle')}
      actions={
        resettable && (
          <Button variant="warn" busy={resetting.isPending} onClick={() => void reset()}>
            {t('reset')}
          </Button>
        )
      }
    >
      <p className="text-sm text-slate-700" data-testid="two-step-state">
        {enabled ? t('twoStepOn') : t('twoStepOff')}
      </p>
    </Panel>
  );
}

/** Sends a paid invoice's receipt again, with its PDF. */
export function ResendReceiptButton({ invoice }: { invoice: Pick<Invoice, 'Key' | 'InvoiceNumber' | 'FullyPaidDate' | 'IsVoid'> }) {
  const t = useTranslations('admin.customerActions');
  const sending = useAdminWrite(resendReceipt);
  if (!invoice.FullyPaidDate || invoice.IsVoid) return <span className="text-slate-500">—</span>;
  return (
    <Button
      variant="plain"
      busy={sending.isPending}
      aria-label={t('resendFor', { number: invoice.InvoiceNumber })}
      onClick={() => sending.mutate(invoice.Key, { onSuccess: () => reportDone(t('resent', { number: invoice.InvoiceNumber })) })}
    >
      {t('resend')}
    </Button>
  );
}
