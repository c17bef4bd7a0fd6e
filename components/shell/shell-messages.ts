// Which messages the shell carries, and how they are cut out of messages/ (no next-intl
// client code here: the layout imports this, and every page would ship what it imports).
import type { MessagePath } from '@/i18n/messages';

export type Tree = { [key: string]: unknown };

/**
 * What every page's browser code needs: the shell's texts, and the texts that the global
 * snackbar and confirm dialog show wherever they were asked for (after a navigation, too).
 */
export const shellMessagePaths = [
  'shell',
  'dialog',
  'cookieNotice',
  'snack',
  'account.snack',
  'account.unsaved',
  'billing.snack',
  'billing.subscription.confirmTitle',
  'billing.subscription.confirmMessage',
  'store.pricing.itemAdded',
  'store.pricing.quantityLimit',
  'store.checkout.stripeFailed',
  'store.checkout.billingRequired',
] as const satisfies readonly MessagePath[];

/**
 * The texts of form fields' errors (components/forms/use-field-error.ts): only the pages with a
 * form (PageTexts) and the login and sign-up dialogs (LazyMessages) carry them.
 */
export const formMessagePaths = ['validation'] as const satisfies readonly MessagePath[];

/** The parts of the messages named by dotted paths, in their nesting. */
export function pickMessages(messages: Tree, paths: readonly string[]): Tree {
  const picked: Tree = {};
  for (const path of paths) {
    const parts = path.split('.');
    let source: unknown = messages;
    for (const part of parts) source = (source as Tree | undefined)?.[part];
    if (source === undefined) continue;
    let target = picked;
    parts.slice(0, -1).forEach((part) => (target = (target[part] ??= {}) as Tree));
    const last = parts.at(-1)!;
    target[last] =
      typeof source === 'object' && typeof target[last] === 'object' ? { ...(target[last] as Tree), ...(source as Tree) } : source;
  }
  return picked;
}

/** "a.b.c" → text, for the shell's dictionary (components/shell/shell-i18n.tsx). */
export function flattenMessages(tree: Tree, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat[prefix + key] = value;
    else if (value && typeof value === 'object') Object.assign(flat, flattenMessages(value as Tree, `${prefix}${key}.`));
  }
  return flat;
}
