import type { AppLocale } from './routing';

/** UI text plus the legal texts, which live in their own files for the translators. */
export async function loadMessages(locale: AppLocale) {
  const [ui, legal] = await Promise.all([
    import(`../messages/${locale}.json`),
    import(`../messages/legal/${locale}.json`),
  ]);
  return { ...ui.default, ...legal.default } as Messages;
}

type Messages = typeof import('../messages/en.json') & typeof import('../messages/legal/en.json');
