import type { MessageKeys, NestedKeyOf } from 'next-intl';
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

/** A text of messages/ by its dotted path: a key that is not there fails the type check. */
export type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;

/** A text or a namespace of messages/ by its dotted path ('billing', 'billing.invoice.taxExempt'). */
export type MessagePath = NestedKeyOf<Messages>;

/** The keys under one namespace, such as 'store.pricing': 'lead' for 'store.pricing.lead'. */
export type MessageKeyIn<Namespace extends string> = MessageKey extends infer Key
  ? Key extends `${Namespace}.${infer Rest}`
    ? Rest
    : never
  : never;
