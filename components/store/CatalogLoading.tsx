'use client';

import { useShellText } from '../shell/shell-i18n';
import { LoadingStatus } from '../ui/LoadingStatus';

/** The pricing page's state until the catalog has answered. */
export function CatalogLoading() {
  const text = useShellText();
  return <LoadingStatus label={text('store.loading.catalog')} />;
}
