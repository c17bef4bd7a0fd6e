'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldError } from '@/components/forms/use-field-error';
import { useUnsavedChangesGuard } from '@/components/forms/use-unsaved-changes-guard';
import { Button } from '@/components/ui/Button';
import { ErrorPanel } from '@/components/ui/ErrorPanel';
import { SelectField } from '@/components/ui/SelectField';
import { TextArea } from '@/components/ui/TextArea';
import { Link } from '@/i18n/navigation';
import { fetchSupportThread, replyToSupport, setSupportStatus } from '@/lib/api/admin';
import { SupportReplyRequestSchema, SupportStatusSchema, type SupportStatus, type SupportThread as Thread } from '@/lib/contract/admin';
import { limits } from '@/lib/contract/limits';
import { reportDone, useAdminQuery, useAdminWrite } from './admin-queries';
import { AdminStatus, Facts, Panel, ScreenHeading, useDates } from './parts';
import { adminPaths } from './paths';
import { SupportStatusBadge, UnverifiedSenderBadge } from './SupportInbox';

/** One support message: what was sent, the answers, a reply and the status. */
export function SupportThread({ id }: { id: string }) {
  const t = useTranslations('admin.support');
  const { state, retry } = useAdminQuery(['support-thread', id], (signal) => fetchSupportThread(id, signal));
  const back = { href: adminPaths.support, label: t('back') };
  if (state.status !== 'ready')
    return (
      <>
        <ScreenHeading title={t('threadTitle')} back={back} />
        <AdminStatus state={state} notFound={t('notFound')} back={back} onRetry={retry} />
      </>
    );
  const thread = state.data;
  return (
    <>
      <ScreenHeading title={t('threadHeading', { name: thread.FullName })} back={back} />
      <div className="flex flex-col gap-8">
        <ThreadMessage thread={thread} />
        <Replies thread={thread} />
        <ReplyForm id={id} />
        <StatusForm key={thread.Status} id={id} status={thread.Status} />
      </div>
    </>
  );
}

function ThreadMessage({ thread }: { thread: Thread }) {
  const t = useTranslations('admin.support');
  const { dateTime } = useDates();
  return (
    <Panel title={t('messageTitle')}>
      <Facts
        items={[
          { term: t('from'), value: thread.FullName },
          {
            term: t('email'),
            value: (
              <>
                <a href={`mailto:${thread.EmailAddress}`} className="text-brand-700 underline">
                  {thread.EmailAddress}
                </a>
                {!thread.SenderVerified && (
                  <span className="mt-1 flex flex-col items-start gap-1">
                    <UnverifiedSenderBadge verified={false} />
                    <span className="text-sm text-slate-700">{t('unverifiedHint')}</span>
                  </span>
                )}
              </>
            ),
          },
          ...(thread.Phone ? [{ term: t('phone'), value: thread.Phone }] : []),
          { term: t('received'), value: dateTime(thread.CreatedDate) },
          { term: t('statusLabel'), value: <SupportStatusBadge status={thread.Status} /> },
          ...(thread.CustomerKey
            ? [
                {
                  term: t('customer'),
                  value: (
                    <Link href={adminPaths.customer(thread.CustomerKey)} className="text-brand-700 underline">
                      {t('openCustomer')}
                    </Link>
                  ),
                },
              ]
            : []),
        ]}
      />
      <p
        data-testid="support-message"
        className="rounded-lg border border-slate-200 bg-white p-4 whitespace-pre-line text-slate-900 shadow-sm"
      >
        {thread.Message}
      </p>
    </Panel>
  );
}

function Replies({ thread }: { thread: Thread }) {
  const t = useTranslations('admin.support');
  const { dateTime } = useDates();
  return (
    <Panel title={t('repliesTitle')}>
      {thread.Replies.length === 0 ? (
        <p className="text-sm text-slate-600">{t('noReplies')}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t('repliesTitle')}>
          {thread.Replies.map((reply, index) => (
            <li key={index} className="rounded-lg border border-brand-100 bg-brand-50 p-4">
              <p className="mb-2 text-xs text-slate-600">
                {t('replyBy', { who: reply.StaffEmailAddress ?? t('formerStaff'), when: dateTime(reply.SentDate) })}
              </p>
              <p className="whitespace-pre-line text-slate-900">{reply.Body}</p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** The reply, mailed to the sender in their language; the message then counts as answered. */
function ReplyForm({ id }: { id: string }) {
  const t = useTranslations('admin.support');
  const { register, handleSubmit, formState, reset } = useForm<{ Body: string }>({
    resolver: zodResolver(SupportReplyRequestSchema),
    mode: 'all',
    defaultValues: { Body: '' },
  });
  const fieldError = useFieldError(formState);
  const [messages, setMessages] = useState<string[]>([]);
  const sending = useAdminWrite(
    (Body: string) => replyToSupport(id, Body),
    (message) => setMessages([message]),
  );
  useUnsavedChangesGuard(formState.isDirty && !sending.isPending);

  const onSubmit = handleSubmit(({ Body }) => {
    setMessages([]);
    sending.mutate(Body, {
      onSuccess: () => {
        reset({ Body: '' });
        reportDone(t('replySent'));
      },
    });
  });

  return (
    <Panel title={t('replyTitle')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <ErrorPanel messages={messages} />
        <TextArea label={t('replyLabel')} maxLength={limits.supportReply} rows={6} error={fieldError('Body')} {...register('Body')} />
        <p className="-mt-2 text-xs text-slate-600">{t('replyHint')}</p>
        <div>
          <Button type="submit" busy={sending.isPending}>
            {t('send')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function StatusForm({ id, status }: { id: string; status: SupportStatus }) {
  const t = useTranslations('admin.support');
  const [chosen, setChosen] = useState<SupportStatus>(status);
  const saving = useAdminWrite((status: SupportStatus) => setSupportStatus(id, status));
  const save = () => saving.mutate(chosen, { onSuccess: () => reportDone(t('statusChanged')) });
  return (
    <Panel title={t('statusTitle')}>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('statusLabel')}
          value={chosen}
          onChange={(event) => setChosen(SupportStatusSchema.parse(event.target.value))}
          options={SupportStatusSchema.options.map((value) => ({ value, label: t(`status.${value}`) }))}
          className="min-w-48"
        />
        <Button variant="plain" busy={saving.isPending} disabled={chosen === status} onClick={save}>
          {t('changeStatus')}
        </Button>
      </div>
    </Panel>
  );
}
