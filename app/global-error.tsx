'use client';

import { PageErrorView } from '@/components/shell/PageErrorView';
import { localizedPath, splitLocalePath } from '@/i18n/language-choice';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import './globals.css';

const texts = { en: en.shell.pageError, de: de.shell.pageError, ru: ru.shell.pageError };

/**
 * When even the layout failed, this replaces the whole document: no shell and no providers, so
 * the language comes from the address.
 */
export default function GlobalError({ retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const language = splitLocalePath(typeof window === 'undefined' ? '/' : window.location.pathname).prefix ?? 'en';
  return (
    <html lang={language}>
      <body className="flex flex-col font-sans">
        <PageErrorView texts={texts[language]} homeHref={localizedPath(language, '/')} onRetry={retry} />
      </body>
    </html>
  );
}
