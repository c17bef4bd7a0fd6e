/** The site's languages (docs/product/languages-and-routing.md#languages), in the pages' addresses and in the API's answers alike. */
export const languages = ['en', 'de', 'ru'] as const;
export type Language = (typeof languages)[number];
