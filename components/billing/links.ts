/** How the billing pages' text links look. */
export const textLinkClass =
  'rounded-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';
