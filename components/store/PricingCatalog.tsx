'use client';

import { useQuery } from '@tanstack/react-query';
import { fetchCatalog } from '@/lib/api/store';
import { QueryProvider } from '../data/QueryProvider';
import { useDataScope } from '../data/use-data-scope';
import { CatalogLoading } from './CatalogLoading';
import { PricingOfferList } from './PricingOfferList';

function CatalogOffers() {
  const catalog = useQuery({ queryKey: [...useDataScope('store'), 'catalog'], queryFn: fetchCatalog });
  if (catalog.isSuccess) return <PricingOfferList catalog={{ status: 'ready', data: catalog.data }} />;
  // The API client has already shown the failure.
  if (catalog.isError && !catalog.isFetching)
    return <PricingOfferList catalog={{ status: 'failed', retry: () => void catalog.refetch() }} />;
  return <CatalogLoading />;
}

/** The pricing page's offers from the catalog, with their own query client: the page has no store layout around it. */
export default function PricingCatalog() {
  return (
    <QueryProvider>
      <CatalogOffers />
    </QueryProvider>
  );
}
