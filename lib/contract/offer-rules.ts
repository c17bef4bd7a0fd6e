// Catalog rules the pricing and cart screens need at run time, kept free of zod so that those
// pages do not ship the schema library for two constants.

export const FREE_PLAN_TRIAL_DAYS = -1;

/** Spec §9: TrialDays -1 marks a free plan. */
export const isFreePlan = (offer: { TrialDays: number }) => offer.TrialDays === FREE_PLAN_TRIAL_DAYS;

/** The country whose billing address needs a state (spec §5). */
export const US = 'US';
