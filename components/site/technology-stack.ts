import type { IconName } from './icons';

/** Spec §1: the technologies of the consulting offer, named in site.consulting.stack. */
export const technologyStack = ['angular', 'dotnet', 'cloud', 'ai'] as const satisfies readonly IconName[];
