'use client';

import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { fetchCatalog } from '@/lib/api/store';
import { useShellText } from '../shell/shell-i18n';
import { LoadingStatus } from '../ui/LoadingStatus';
import { useApiLanguageReady, useLoaded } from './use-store-session';

// The cards and the cart calls load while the catalog does, so the page's first load stays small.
const loadOfferList = () => import('./PricingOfferList');
const PricingOfferList = dynamic(loadOfferList, { ssr: false, loading: CatalogLoading });

function CatalogLoading() {
  const text = useShellText();
  return <LoadingStatus label={text('store.loading.catalog')} />;
}

/** Spec screen 9: the pricing page's client island (the catalog is per language and changes without a build). */
export function PricingOffers() {
  const catalog = useLoaded(useApiLanguageReady(), fetchCatalog);
  useEffect(() => void loadOfferList(), []);
  if (catalog.status === 'loading') return <CatalogLoading />;
  return <PricingOfferList catalog={catalog} />;
}
