/** The site's languages (spec §1), in the pages' addresses and in the API's answers alike. */
export const languages = ['en', 'de', 'ru'] as const;
export type Language = (typeof languages)[number];
