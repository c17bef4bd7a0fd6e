import type { IconName } from './icons';

/** The technologies of the consulting offer, named in site.consulting.stack (docs/product/pages.md#what-the-product-is). */
export const technologyStack = ['angular', 'dotnet', 'cloud', 'ai'] as const satisfies readonly IconName[];
