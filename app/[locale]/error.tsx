'use client';

import { lazy, Suspense } from 'react';
import { useLocalePath, useShellLocale } from '@/components/shell/shell-i18n';

// Every page carries this boundary, and few ever show it: the view and its three languages'
// texts load when a page fails. Should they fail to load too, the error reaches
// app/global-error.tsx, which every page carries whole.
const PageErrorView = lazy(() => import('@/components/shell/PageErrorView'));

/** A page that failed to render: the header and footer stay, the page says so in its language. */
export default function PageError({ retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const localePath = useLocalePath();
  return (
    <Suspense>
      <PageErrorView locale={useShellLocale()} homeHref={localePath('/')} onRetry={retry} />
    </Suspense>
  );
}
