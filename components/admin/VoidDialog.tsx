'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog } from '@/components/ui/Dialog';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { TextField } from '@/components/ui/TextField';
import { voidInvoice } from '@/lib/api/admin';
import type { Invoice } from '@/lib/contract/billing';
import { limits } from '@/lib/contract/limits';
import { reportDone, useAdminWrite } from './admin-queries';
import { FormButtons } from '@/components/ui/FormButtons';

type VoidForm = { Reason: string };

/**
 * Voids an unpaid invoice after asking, with an optional reason: the customer sees it on the
 * invoice and in the mail that tells them (docs/operator-console.md).
 */
export function VoidDialog({ open, invoice, onClose }: { open: boolean; invoice: Invoice; onClose(): void }) {
  const t = useTranslations('admin.invoice');
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t('voidTitle')} maxWidth={480}>
      {open && <VoidFormView invoice={invoice} onClose={onClose} />}
    </Dialog>
  );
}

function VoidFormView({ invoice, onClose }: { invoice: Invoice; onClose(): void }) {
  const t = useTranslations('admin.invoice');
  const tooLong = useTranslations('admin.refund')('reasonTooLong', { max: limits.refundReason });
  const schema = useMemo(() => z.object({ Reason: z.string().trim().max(limits.refundReason, tooLong) }), [tooLong]);
  const { register, handleSubmit, formState } = useForm<VoidForm>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { Reason: '' },
  });
  const [messages, setMessages] = useState<string[]>([]);
  const voiding = useAdminWrite(
    (reason: string) => voidInvoice(invoice.Key, { Reason: reason || null }),
    (message) => setMessages([message]),
  );

  const onSubmit = handleSubmit(({ Reason }) => {
    setMessages([]);
    voiding.mutate(Reason, {
      onSuccess: () => {
        reportDone(t('voided'));
        onClose();
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {t('voidMessage', { number: invoice.InvoiceNumber })} {t('customerTold')}
      </p>
      <ErrorPanel messages={messages} />
      <TextField label={t('voidReason')} maxLength={limits.refundReason} error={formState.errors.Reason?.message} {...register('Reason')} />
      <FormButtons variant="warn" cancelLabel={t('voidCancel')} submitLabel={t('void')} busy={voiding.isPending} onCancel={onClose} />
    </form>
  );
}
