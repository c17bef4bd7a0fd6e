'use client';

import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchCatalog } from '@/lib/api/store';
import { useDataScope } from '../data/use-data-scope';
import { useShellText } from '../shell/shell-i18n';
import { LoadingStatus } from '../ui/LoadingStatus';

// The cards and the cart calls load while the catalog does, so the page's first load stays small.
const loadOfferList = () => import('./PricingOfferList');
const PricingOfferList = dynamic(loadOfferList, { ssr: false, loading: CatalogLoading });

function CatalogLoading() {
  const text = useShellText();
  return <LoadingStatus label={text('store.loading.catalog')} />;
}

/** The pricing page's client island (docs/product/store.md#pricing-page) (the catalog is per language and changes without a build). */
export function PricingOffers() {
  const catalog = useQuery({ queryKey: [...useDataScope('store'), 'catalog'], queryFn: fetchCatalog });
  useEffect(() => void loadOfferList(), []);
  if (catalog.isSuccess) return <PricingOfferList catalog={{ status: 'ready', data: catalog.data }} />;
  // The API client has already shown the failure.
  if (catalog.isError && !catalog.isFetching)
    return <PricingOfferList catalog={{ status: 'failed', retry: () => void catalog.refetch() }} />;
  return <CatalogLoading />;
}
