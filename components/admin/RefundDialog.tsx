'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog } from '@/components/ui/Dialog';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { TextField } from '@/components/ui/TextField';
import { refundInvoice } from '@/lib/api/admin';
import type { AdminInvoice } from '@/lib/contract/admin';
import { limits } from '@/lib/contract/limits';
import { reportDone, useAdminWrite } from './admin-queries';
import { useMoney } from './parts';
import { centsToDollars, dollarsToCents } from '@/lib/contract/presentation';
import { FormButtons } from '@/components/ui/FormButtons';

type RefundForm = { Amount: string; Reason: string };

/**
 * Gives money back: the amount in dollars (at most what is still refundable, which it starts
 * with) and a reason. A refund needs a recent password confirmation: the console asks for the
 * password and sends the refund again (admin-queries.ts).
 */
export function RefundDialog({
  open,
  invoice,
  onClose,
  onRefunded,
}: {
  open: boolean;
  invoice: AdminInvoice;
  onClose(): void;
  onRefunded(): void;
}) {
  const t = useTranslations('admin.refund');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('title', { number: invoice.Invoice.InvoiceNumber })}
      maxWidth={480}
    >
      {open && <RefundFormView invoice={invoice} onClose={onClose} onRefunded={onRefunded} />}
    </Dialog>
  );
}

function RefundFormView({ invoice, onClose, onRefunded }: { invoice: AdminInvoice; onClose(): void; onRefunded(): void }) {
  const t = useTranslations('admin.refund');
  const money = useMoney();
  const schema = useMemo(
    () =>
      z.object({
        Amount: z.string().transform((typed, context) => {
          const cents = dollarsToCents(typed);
          if (cents === null || cents < 1) {
            context.addIssue({ code: 'custom', message: t('amountInvalid') });
            return z.NEVER;
          }
          if (cents > invoice.Refundable) {
            context.addIssue({ code: 'custom', message: t('amountTooLarge', { amount: money(invoice.Refundable) }) });
            return z.NEVER;
          }
          return cents;
        }),
        Reason: z
          .string()
          .trim()
          .max(limits.refundReason, t('reasonTooLong', { max: limits.refundReason })),
      }),
    [t, money, invoice.Refundable],
  );
  const { register, handleSubmit, formState } = useForm<RefundForm, unknown, { Amount: number; Reason: string }>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { Amount: centsToDollars(invoice.Refundable), Reason: '' },
  });
  const shown = (name: keyof RefundForm) =>
    formState.isSubmitted || formState.touchedFields[name] || formState.dirtyFields[name] ? formState.errors[name]?.message : undefined;
  const [messages, setMessages] = useState<string[]>([]);
  const saving = useAdminWrite(
    (request: { Amount: number; Reason: string }) => refundInvoice(invoice.Invoice.Key, request),
    (message) => setMessages([message]),
  );

  const onSubmit = handleSubmit(({ Amount, Reason }) => {
    setMessages([]);
    saving.mutate(
      { Amount, Reason },
      {
        onSuccess: () => {
          reportDone(t('done', { amount: money(Amount) }));
          onRefunded();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('intro', { amount: money(invoice.Refundable) })}</p>
      <ErrorPanel messages={messages} />
      <TextField
        label={t('amount')}
        inputMode="decimal"
        autoComplete="off"
        hint={t('amountHint')}
        error={shown('Amount')}
        {...register('Amount')}
      />
      <TextField label={t('reason')} maxLength={limits.refundReason} error={shown('Reason')} {...register('Reason')} />
      <FormButtons variant="warn" cancelLabel={t('cancel')} submitLabel={t('submit')} busy={saving.isPending} onCancel={onClose} />
    </form>
  );
}
