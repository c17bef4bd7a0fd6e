import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { MessagePath } from '@/i18n/messages';
import { pickMessages, shellMessagePaths } from './shell-messages';

/**
 * Hands a page's client island the message namespaces it uses, on top of the shell's, so
 * the static pages that need none do not carry them in their HTML.
 */
export async function IntlMessages({ namespaces = [], children }: { namespaces?: readonly MessagePath[]; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, [...shellMessagePaths, ...namespaces])}>{children}</NextIntlClientProvider>
  );
}
