'use client';

import { PageErrorView } from '@/components/shell/PageErrorView';
import { useLocalePath, useShellText } from '@/components/shell/shell-i18n';

/** A page that failed to render: the header and footer stay, the page says so in its language. */
export default function PageError({ retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const t = useShellText();
  const localePath = useLocalePath();
  const texts = {
    title: t('shell.pageError.title'),
    text: t('shell.pageError.text'),
    retry: t('shell.pageError.retry'),
    home: t('shell.pageError.home'),
  };
  return <PageErrorView texts={texts} homeHref={localePath('/')} onRetry={retry} />;
}
