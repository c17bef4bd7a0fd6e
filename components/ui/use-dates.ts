'use client';

import { useLocale } from 'next-intl';

/** A moment in the reader's language and time zone; `date` alone for days. */
export function useDates() {
  const locale = useLocale();
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    date: (iso: string | null | undefined) => (iso ? day.format(new Date(iso)) : ''),
  };
}
