import de from '../../messages/email/de.json';
import en from '../../messages/email/en.json';
import ru from '../../messages/email/ru.json';
import { brand } from '../../lib/config';
import type { ApiLanguage } from '../services/language';

const templates = { en: en.email, de: de.email, ru: ru.email };
export type EmailKind = Exclude<keyof typeof en.email, 'greeting' | 'signature'>;

export interface RenderedEmail {
  subject: string;
  body: string;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** A mail in the recipient's language, with greeting and signature. */
export function renderEmail(kind: EmailKind, language: ApiLanguage, values: Record<string, string> = {}): RenderedEmail {
  const set = templates[language];
  const all = { company: brand.company, product: brand.product, support: brand.supportEmail, ...values };
  return {
    subject: fill(set[kind].subject, all),
    body: `${fill(set.greeting, all)}\n\n${fill(set[kind].body, all)}\n\n${fill(set.signature, all)}\n`,
  };
}
