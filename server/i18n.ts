import { parseMessageKey } from '../lib/contract/fields';
import { postalAddressIn } from '../lib/config';
import { fillArguments } from '../lib/contract/text';
import apiDe from '../messages/api/de.json';
import apiEn from '../messages/api/en.json';
import apiRu from '../messages/api/ru.json';
import legalDe from '../messages/legal/de.json';
import legalEn from '../messages/legal/en.json';
import legalRu from '../messages/legal/ru.json';
import billingDe from '../messages/billing/de.json';
import billingEn from '../messages/billing/en.json';
import billingRu from '../messages/billing/ru.json';
import de from '../messages/de.json';
import en from '../messages/en.json';
import ru from '../messages/ru.json';
import type { ApiLanguage } from './services/platform/language';

const catalogs = {
  en: { api: apiEn.api, validation: en.validation },
  de: { api: apiDe.api, validation: de.validation },
  ru: { api: apiRu.api, validation: ru.validation },
};

export type ApiMessageKey = keyof typeof apiEn.api;

/** A message the API answers with: a key of messages/api, worded in the caller's language. */
export interface ApiText {
  key: ApiMessageKey;
  values?: Record<string, string>;
  /** The request field the message is about, for the envelope's Field. */
  field?: string;
}

export function apiText(language: ApiLanguage, text: ApiText): string {
  return fillArguments(catalogs[language].api[text.key], text.values ?? {});
}

const billingTexts = { en: billingEn.billing, de: billingDe.billing, ru: billingRu.billing };

/** The web invoice's own words (messages/billing), for what the backend shows of an invoice: its PDF, the provider's checkout. */
export function invoiceTexts(language: ApiLanguage) {
  return billingTexts[language];
}

const postalCountries = { en: legalEn.legal.postalCountry, de: legalDe.legal.postalCountry, ru: legalRu.legal.postalCountry };

/** The company's postal address on one line, the country named as the legal pages name it. */
export const postalAddressFor = (language: ApiLanguage) => postalAddressIn(postalCountries[language]);

/** The rule a contract message key names, if it is one the catalogs word ("minLength?min=8" is minLength). */
export function validationRule(messageKey: string): string | undefined {
  const { key } = parseMessageKey(messageKey);
  return Object.hasOwn(catalogs.en.validation, key) ? key : undefined;
}

/** A contract rule's message key ("minLength?min=8") in the caller's language, named by field. */
export function validationText(language: ApiLanguage, messageKey: string, field?: string): string {
  const { key, params } = parseMessageKey(messageKey);
  const template = (catalogs[language].validation as Record<string, string>)[key];
  const text = template ? fillArguments(template, params) : messageKey;
  return field ? `${field}: ${text}` : text;
}
