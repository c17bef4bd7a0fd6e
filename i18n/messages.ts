import type { AppLocale } from './routing';

/** Message files by domain, so each part of the site (and its translators) has its own. */
export const messageDomains = ['legal', 'site', 'account', 'store', 'billing', 'admin'] as const;

export async function loadMessages(locale: AppLocale): Promise<Messages> {
  const [common, ...domains] = await Promise.all([
    import(`../messages/${locale}.json`),
    ...messageDomains.map((domain) => import(`../messages/${domain}/${locale}.json`)),
  ]);
  return Object.assign({}, common.default, ...domains.map((module) => module.default)) as Messages;
}

export type Messages = typeof import('../messages/en.json') &
  typeof import('../messages/legal/en.json') &
  typeof import('../messages/site/en.json') &
  typeof import('../messages/account/en.json') &
  typeof import('../messages/store/en.json') &
  typeof import('../messages/billing/en.json') &
  typeof import('../messages/admin/en.json');
