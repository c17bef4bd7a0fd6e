import de from '../../messages/email/de.json';
import en from '../../messages/email/en.json';
import ru from '../../messages/email/ru.json';
import { brand } from '../../lib/config';
import { fillArguments } from '../../lib/contract/text';
import type { ApiLanguage } from '../services/language';

const templates = { en: en.email, de: de.email, ru: ru.email };
export type EmailKind = Exclude<keyof typeof en.email, 'greeting' | 'signature'>;

export interface RenderedEmail {
  subject: string;
  body: string;
}


/** A mail in the recipient's language, with greeting and signature. */
export function renderEmail(kind: EmailKind, language: ApiLanguage, values: Record<string, string> = {}): RenderedEmail {
  const set = templates[language];
  const all = { company: brand.company, product: brand.product, support: brand.supportEmail, ...values };
  return {
    subject: fillArguments(set[kind].subject, all),
    body: `${fillArguments(set.greeting, all)}\n\n${fillArguments(set[kind].body, all)}\n\n${fillArguments(set.signature, all)}\n`,
  };
}
