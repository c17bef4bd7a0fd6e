import { getRequestConfig } from 'next-intl/server';
import { locale as rootLocale } from 'next/root-params';
import { isAppLocale, routing } from './routing';
import { loadMessages } from './messages';

export default getRequestConfig(async ({ locale }) => {
  const requested = locale ?? (await rootLocale());
  const resolved = isAppLocale(requested) ? requested : routing.defaultLocale;
  return { locale: resolved, messages: await loadMessages(resolved), timeZone: 'UTC' };
});
