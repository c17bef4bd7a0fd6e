'use client';

import { lazy, Suspense } from 'react';
import type { AppLocale } from '@/i18n/routing';
import { useLocalePath, useShellLocale } from '@/components/shell/shell-i18n';

// Every page carries this boundary, and few ever show it: the view and its three languages'
// texts load when a page fails. Should they fail to load too, the error reaches
// app/global-error.tsx, which every page carries whole.
const LocalizedPageErrorView = lazy(async () => {
  const [{ PageErrorView }, { pageErrorTexts }] = await Promise.all([
    import('@/components/shell/PageErrorView'),
    import('@/components/shell/page-error-texts'),
  ]);
  return {
    default: function LocalizedPageErrorView({ locale, homeHref, onRetry }: { locale: AppLocale; homeHref: string; onRetry(): void }) {
      return <PageErrorView texts={pageErrorTexts[locale]} homeHref={homeHref} onRetry={onRetry} />;
    },
  };
});

/** A page that failed to render: the header and footer stay, the page says so in its language. */
export default function PageError({ retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const localePath = useLocalePath();
  return (
    <Suspense>
      <LocalizedPageErrorView locale={useShellLocale()} homeHref={localePath('/')} onRetry={retry} />
    </Suspense>
  );
}
