'use client';

import { PageErrorView } from '@/components/shell/PageErrorView';
import { pageErrorTexts } from '@/components/shell/page-error-texts';
import { useLocalePath, useShellLocale } from '@/components/shell/shell-i18n';

/** A page that failed to render: the header and footer stay, the page says so in its language. */
export default function PageError({ retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const localePath = useLocalePath();
  return <PageErrorView texts={pageErrorTexts[useShellLocale()]} homeHref={localePath('/')} onRetry={retry} />;
}
