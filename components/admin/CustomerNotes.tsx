'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFieldError } from '@/components/forms/use-field-error';
import { useUnsavedChangesGuard } from '@/components/forms/use-unsaved-changes-guard';
import { Button } from '@/components/ui/Button';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { TextArea } from '@/components/ui/TextArea';
import { addCustomerNote, fetchCustomerNotes } from '@/lib/api/admin';
import { CustomerNoteRequestSchema } from '@/lib/contract/admin-customer-actions';
import { limits } from '@/lib/contract/limits';
import { reportDone, useAdminQuery, useAdminWrite } from './admin-queries';
import { AdminStatus, EmptyState, Panel, useDates } from './parts';

/** Staff's internal notes on a customer, newest first; the customer never sees them. */
export function CustomerNotes({ customerId }: { customerId: string }) {
  const t = useTranslations('admin.customerActions');
  const { dateTime } = useDates();
  const { state, retry } = useAdminQuery(['customer-notes', customerId], (signal) => fetchCustomerNotes(customerId, signal));
  return (
    <Panel title={t('notesTitle')}>
      <p className="text-sm text-slate-600">{t('notesHint')}</p>
      <NoteForm customerId={customerId} />
      {state.status !== 'ready' ? (
        <AdminStatus state={state} onRetry={retry} />
      ) : state.data.Notes.length === 0 ? (
        <EmptyState>{t('noNotes')}</EmptyState>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t('notesTitle')}>
          {state.data.Notes.map((note) => (
            <li key={note.Key} className="rounded-lg border border-amber-200 bg-amber-50 p-4">
              <p className="mb-2 text-xs text-slate-700">
                {t('noteBy', { who: note.StaffEmailAddress, when: dateTime(note.CreatedDate) })}
              </p>
              <p className="break-words whitespace-pre-line text-slate-900">{note.Body}</p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function NoteForm({ customerId }: { customerId: string }) {
  const t = useTranslations('admin.customerActions');
  const { register, handleSubmit, formState, reset } = useForm<{ Body: string }>({
    resolver: zodResolver(CustomerNoteRequestSchema),
    mode: 'all',
    defaultValues: { Body: '' },
  });
  const fieldError = useFieldError(formState);
  const [messages, setMessages] = useState<string[]>([]);
  const saving = useAdminWrite(
    (Body: string) => addCustomerNote(customerId, { Body }),
    (message) => setMessages([message]),
  );
  useUnsavedChangesGuard(formState.isDirty && !saving.isPending);
  const onSubmit = handleSubmit(({ Body }) => {
    setMessages([]);
    saving.mutate(Body, {
      onSuccess: () => {
        reset({ Body: '' });
        reportDone(t('noteAdded'));
      },
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <ErrorPanel messages={messages} />
      <TextArea label={t('noteLabel')} maxLength={limits.customerNote} rows={3} error={fieldError('Body')} {...register('Body')} />
      <div>
        <Button type="submit" busy={saving.isPending}>
          {t('addNote')}
        </Button>
      </div>
    </form>
  );
}
