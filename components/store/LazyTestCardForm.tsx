'use client';

import { lazy, Suspense, type ComponentProps } from 'react';
import { LoadingStatus } from '../ui/LoadingStatus';

// Only the offline payment provider takes a test card: a site on Stripe never loads this form.
const TestCardForm = lazy(() => import('./TestCardForm').then((module) => ({ default: module.TestCardForm })));

/** TestCardForm, loaded when first drawn; `loadingLabel` is said meanwhile. */
export function LazyTestCardForm({ loadingLabel, ...props }: ComponentProps<typeof TestCardForm> & { loadingLabel: string }) {
  return (
    <Suspense fallback={<LoadingStatus label={loadingLabel} />}>
      <TestCardForm {...props} />
    </Suspense>
  );
}
