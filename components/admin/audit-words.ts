'use client';

import { useTranslations } from 'next-intl';
import type { AuditEntry } from '@/lib/contract/admin';
import { adminPaths } from './paths';
import { useDates, useMoney } from './parts';

/** Fields that hold an amount in cents. */
const moneyFields = new Set(['Amount', 'Refundable', 'Price', 'Savings']);
const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const longest = 80;

/** The words of the audit log: actions and fields translated, values as money, dates and yes/no. */
export function useAuditWords() {
  const t = useTranslations('admin.audit');
  const money = useMoney();
  const { dateTime } = useDates();
  type Key = Parameters<typeof t>[0];
  // Recorded names come from the database: a name without words (a newer one) is shown as it is.
  const wordsFor = (key: string, fallback: string) => (t.has(key as Key) ? t(key as Key) : fallback);

  const value = (field: string, given: unknown): string => {
    if (given === null || given === undefined || given === '') return t('none');
    if (typeof given === 'number' && moneyFields.has(field)) return money(given);
    if (typeof given === 'boolean') return given ? t('yes') : t('no');
    if (typeof given === 'string' && isoMoment.test(given)) return dateTime(given);
    if (typeof given === 'string' && field === 'role') return wordsFor(`roles.${given}`, given);
    if (Array.isArray(given)) return given.map((item) => value(field, item)).join(', ') || t('none');
    const text = typeof given === 'object' ? JSON.stringify(given) : String(given);
    return text.length > longest ? `${text.slice(0, longest - 1)}…` : text;
  };

  return {
    action: (action: string) => wordsFor(`actions.${action.replaceAll('.', '-')}`, action),
    field: (field: string) => wordsFor(`fields.${field}`, field),
    value,
  };
}

/** What an entry changed, one field a line, in the reader's words. */
export function useChanges() {
  const words = useAuditWords();
  return (entry: Pick<AuditEntry, 'Before' | 'After'>) => {
    const fields = [...new Set([...Object.keys(entry.Before ?? {}), ...Object.keys(entry.After ?? {})])];
    return fields.map((field) => {
      const had = entry.Before !== null && field in entry.Before;
      const has = entry.After !== null && field in entry.After;
      return {
        field: words.field(field),
        before: had ? words.value(field, entry.Before?.[field]) : null,
        after: has ? words.value(field, entry.After?.[field]) : null,
      };
    });
  };
}

/** The console page of an entry's target, when it has one. */
export function targetPath(entry: Pick<AuditEntry, 'TargetType' | 'TargetKey'>): string | null {
  switch (entry.TargetType) {
    case 'invoice':
      return adminPaths.invoice(entry.TargetKey);
    case 'customer':
    case 'staff':
      return adminPaths.customer(entry.TargetKey);
    case 'offer':
      return adminPaths.offer(entry.TargetKey);
    case 'support-message':
      return adminPaths.supportThread(entry.TargetKey);
    case 'staff-invite':
      return adminPaths.staff;
    default:
      return null;
  }
}
