import { render } from '@react-email/render';
import de from '../../messages/email/de.json';
import en from '../../messages/email/en.json';
import ru from '../../messages/email/ru.json';
import { brand } from '../../lib/config';
import { fillArguments } from '../../lib/contract/text';
import { postalAddressFor } from '../i18n';
import type { ApiLanguage } from '../services/platform/language';
import { EmailMessage, type EmailContent } from './layout';

const texts = { en: en.email, de: de.email, ru: ru.email };
type DetailLabel = keyof typeof en.email.details;

interface TemplateShape {
  /** The values a caller gives, beyond the brand's (company, product, support). */
  values: readonly string[];
  /** The `code` value stands out on its own line. */
  code?: true;
  /** Label and value rows under the text; each value is one of `values` (an empty one leaves its row out). */
  details?: readonly (readonly [DetailLabel, string])[];
  /** An itemised table after the details: the caller's `lines`, then these sums, the last one the total. */
  lines?: { sums: readonly (readonly [DetailLabel, string])[] };
  /** A button to the `link` value, labelled by the template's `action` text. */
  link?: true;
  /** Mail to the company itself: no greeting, signature or account footer. */
  toCompany?: true;
  /**
   * Why a recipient who may have no account gets it, for the footer: they wrote to the company,
   * or an owner invited the address. Without it the footer names their account.
   */
  reason?: 'message' | 'invitation';
  /** A list of the caller's `items`, each a link. */
  items?: true;
}

/** What each mail holds besides its words (messages/email). */
export const templateShapes = {
  signupCode: { values: ['code'], code: true },
  signupExisting: { values: ['login', 'link'], link: true },
  passwordReset: { values: ['link'], link: true },
  passwordResetUnknown: { values: [] },
  passwordResetDone: { values: [] },
  emailChangeCode: { values: ['code'], code: true },
  emailInUse: { values: [] },
  emailChanged: { values: ['email', 'link'], link: true },
  deletionScheduled: { values: ['date'] },
  /** `renewals` is made by `renewalsAfterDeletion`; empty, it leaves out its paragraph. */
  deletionCancelled: { values: ['renewals'] },
  supportMessage: {
    values: ['name', 'email', 'phone', 'message'],
    details: [
      ['name', 'name'],
      ['email', 'email'],
      ['phone', 'phone'],
    ],
    toCompany: true,
  },
  receipt: {
    values: ['invoice', 'date', 'amount', 'tax', 'link'],
    details: [
      ['invoice', 'invoice'],
      ['date', 'date'],
    ],
    lines: {
      sums: [
        ['tax', 'tax'],
        ['total', 'amount'],
      ],
    },
    link: true,
  },
  invoiceRefunded: {
    values: ['invoice', 'date', 'amount', 'reason', 'link'],
    details: [
      ['invoice', 'invoice'],
      ['refundedOn', 'date'],
      ['amountRefunded', 'amount'],
      ['reason', 'reason'],
    ],
    link: true,
  },
  invoiceVoided: {
    values: ['invoice', 'date', 'amount', 'reason', 'link'],
    details: [
      ['invoice', 'invoice'],
      ['voidedOn', 'date'],
      ['amount', 'amount'],
      ['reason', 'reason'],
    ],
    link: true,
  },
  renewalReminder: {
    values: ['offer', 'date', 'amount', 'link'],
    details: [
      ['offer', 'offer'],
      ['renewsOn', 'date'],
      ['amount', 'amount'],
    ],
    link: true,
  },
  /** `link` pays the unpaid renewal (Pay Now); `cardLink` changes the card the next renewals charge. */
  renewalFailed: {
    values: ['offer', 'date', 'amount', 'link', 'cardLink'],
    details: [
      ['offer', 'offer'],
      ['amount', 'amount'],
      ['stoppedOn', 'date'],
    ],
    link: true,
  },
  /** Staff chasing an unpaid invoice: `link` pays it; `cardLink` changes the card renewals charge. */
  paymentReminder: {
    values: ['invoice', 'date', 'amount', 'link', 'cardLink'],
    details: [
      ['invoice', 'invoice'],
      ['date', 'date'],
      ['amount', 'amount'],
    ],
    link: true,
  },
  subscriptionCancelled: {
    values: ['offer', 'date', 'link'],
    details: [
      ['offer', 'offer'],
      ['usableUntil', 'date'],
    ],
    link: true,
  },
  passwordChanged: { values: [] },
  twoStepOn: { values: [] },
  twoStepOff: { values: [] },
  failedLogins: { values: [] },
  supportFlood: { values: ['limit'] },
  accountDeleted: { values: [] },
  supportReply: { values: ['reply', 'date', 'message'], reason: 'message' },
  /** An owner's invitation to the staff; `link` opens the page that accepts it. */
  staffInvite: { values: ['inviter', 'date', 'link'], link: true, reason: 'invitation' },
  twoStepReset: { values: [] },
  /** Written by staff to one customer from the console. */
  staffMessage: { values: ['subject', 'message'] },
  /** One event a staff member opted into; `link` opens its page in the console. */
  staffNotice: { values: ['title', 'summary', 'link'], link: true, toCompany: true },
  /** Several such events at once: an item each, linking to its page. */
  staffDigest: { values: ['count'], items: true, toCompany: true },
} as const satisfies Record<string, TemplateShape>;

export type EmailKind = keyof typeof templateShapes;
type ShapeOf<K extends EmailKind> = (typeof templateShapes)[K];

/** A line of an itemised mail: what (in the reader's language), how many, and its amount. */
interface MailLine {
  description: string;
  quantity: number;
  amount: string;
}

/** An item of a mail's list of links. */
interface MailLink {
  text: string;
  href: string;
}

export type EmailValues<K extends EmailKind> = Record<ShapeOf<K>['values'][number], string> &
  (ShapeOf<K> extends { lines: object } ? { lines: MailLine[] } : unknown) &
  (ShapeOf<K> extends { items: true } ? { items: MailLink[] } : unknown);

export interface RenderedEmail {
  subject: string;
  /** The plain-text part. */
  text: string;
  html: string;
}

/** Fills a message's {arguments}; a template naming a value nobody gave is a bug, not a mail. */
function fill(where: string, template: string, values: Record<string, string>): string {
  for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
    if (!(name in values)) throw new Error(`email text ${where} uses {${name}}, which has no value`);
  }
  // A value that ends in a period ("6 декабря 2026 г.") also ends the sentence: no second period.
  const sentenceEnds = template.replace(/\{(\w+)\}\./g, (whole, name: string) => (values[name].endsWith('.') ? `{${name}}` : whole));
  return fillArguments(sentenceEnds, values);
}

interface RenewalLine {
  offer: string;
  /** Already in the reader's language. */
  date: string;
}

/**
 * The deletionCancelled mail's `renewals`: the renewals a cancelled deletion gave back, then
 * those Stripe would not resume; empty when the deletion had stopped none.
 */
export function renewalsAfterDeletion(language: ApiLanguage, renewals: { restored: RenewalLine[]; refused: RenewalLine[] }): string {
  const words = texts[language].deletionCancelled;
  const paragraph = (intro: string, line: string, lines: RenewalLine[]) =>
    lines.length ? fillArguments(intro, { list: lines.map((entry) => fillArguments(line, { ...entry })).join('\n') }) : '';
  return [paragraph(words.restored, words.renewsOn, renewals.restored), paragraph(words.refused, words.usableUntil, renewals.refused)]
    .filter(Boolean)
    .join('\n\n');
}

type StaffEventWords = (typeof en.email.staffEvents)[keyof typeof en.email.staffEvents];

/** A staff event in the reader's language: a short title (a single mail's subject) and a sentence. */
export function staffEventWords(
  language: ApiLanguage,
  event: keyof typeof en.email.staffEvents,
  values: Record<string, string>,
): StaffEventWords {
  const words: StaffEventWords = texts[language].staffEvents[event];
  return {
    title: fill(`${language}.staffEvents.${event}.title`, words.title, values),
    line: fill(`${language}.staffEvents.${event}.line`, words.line, values),
  };
}

/** Where the site's pages are for a mail's links. */
export const pageLink = (origin: string, language: ApiLanguage, path: string) => `${origin}/${language}${path}`;

/**
 * A mail in the recipient's language as HTML and plain text, from one React Email layout
 * (email/layout.tsx). Every link is absolute, on `origin`.
 */
export async function renderEmail<K extends EmailKind>(
  kind: K,
  language: ApiLanguage,
  values: EmailValues<K>,
  origin: string,
): Promise<RenderedEmail> {
  const shape: TemplateShape = templateShapes[kind];
  const set = texts[language];
  const words: { subject: string; heading: string; body: string; action?: string } = set[kind];
  const { lines, items, ...given }: { lines?: MailLine[]; items?: MailLink[] } & Record<string, string> = values;
  const all: Record<string, string> = { company: brand.company, product: brand.product, support: brand.supportEmail, ...given };
  const text = (name: string, template: string) => fill(`${language}.${kind}.${name}`, template, all);
  const link = shape.link ? all.link : undefined;
  if (shape.link && !(link && words.action)) throw new Error(`email ${kind} needs a link and an action text`);
  const content: EmailContent = {
    language,
    heading: text('heading', words.heading),
    // A value left empty leaves out its paragraph.
    paragraphs: text('body', words.body)
      .split('\n\n')
      .filter((paragraph) => paragraph.trim()),
    code: shape.code ? all.code : undefined,
    details: shape.details?.flatMap(([label, value]) => (all[value] ? [{ label: set.details[label], value: all[value] }] : [])),
    lines:
      shape.lines && lines
        ? {
            items: lines.map((line) => ({
              label: fillArguments(set.layout.lineItem, { description: line.description, quantity: String(line.quantity) }),
              value: line.amount,
            })),
            sums: shape.lines.sums.map(([label, value]) => ({ label: set.details[label], value: all[value] })),
          }
        : undefined,
    links: shape.items ? items?.map((item) => ({ label: item.text, href: item.href })) : undefined,
    action: link && words.action ? { label: words.action, href: link, fallback: set.layout.linkFallback } : undefined,
    greeting: shape.toCompany ? undefined : set.layout.greeting,
    signature: shape.toCompany ? undefined : text('signature', set.layout.signature),
    footer: {
      company: brand.company,
      address: postalAddressFor(language),
      reason: shape.toCompany
        ? undefined
        : shape.reason === 'message'
          ? text('footerMessage', set.layout.footerMessage)
          : shape.reason === 'invitation'
            ? text('footerInvitation', set.layout.footerInvitation)
            : text('footerAccount', set.layout.footerAccount),
      privacy: { label: set.layout.privacy, href: pageLink(origin, language, '/legal/privacy-policy') },
    },
  };
  const element = <EmailMessage {...content} />;
  const [html, plain] = await Promise.all([
    render(element),
    // Headings keep their case: upper-casing would also turn words into look-alike codes.
    render(element, { plainText: true, htmlToTextOptions: { selectors: [{ selector: 'h1', options: { uppercase: false } }] } }),
  ]);
  return { subject: text('subject', words.subject), text: plain, html };
}
