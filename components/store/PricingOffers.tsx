'use client';

import dynamic from 'next/dynamic';
import { CatalogLoading } from './CatalogLoading';

/**
 * The pricing page's client island (docs/product/store.md#pricing-page). The catalog is per
 * language and changes without a build, so the browser reads it; the code that does (TanStack
 * Query, the API client, the cards) loads beside hydration, so a public page's first load stays small.
 */
export const PricingOffers = dynamic(() => import('./PricingCatalog'), { ssr: false, loading: CatalogLoading });
