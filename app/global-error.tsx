'use client';

import PageErrorView from '@/components/shell/PageErrorView';
import { localizedPath, splitLocalePath } from '@/i18n/language-choice';
import './globals.css';

/**
 * When even the layout failed, this replaces the whole document: no shell and no providers, so
 * the language comes from the address.
 */
export default function GlobalError({ retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const language = splitLocalePath(typeof window === 'undefined' ? '/' : window.location.pathname).prefix ?? 'en';
  return (
    <html lang={language}>
      <body className="flex flex-col font-sans">
        <PageErrorView locale={language} homeHref={localizedPath(language, '/')} onRetry={retry} />
      </body>
    </html>
  );
}
