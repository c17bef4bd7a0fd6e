import type { ApiLanguage } from '../services/platform/language';
import { pageLink, renderEmail, renewalsAfterDeletion, type EmailKind, type EmailValues, type RenderedEmail } from './templates';

/** Believable values for every template: what `npm run mail:preview` shows and the tests render. */
export function sampleValues(origin: string, language: ApiLanguage): { [K in EmailKind]: EmailValues<K> } {
  const invoiceLink = pageLink(origin, language, '/account/billing/invoice/7f1c2a9e-0b1d-4c55-9a57-3d1e0c6b8f21');
  const subscriptionLink = pageLink(origin, language, '/account/billing/subscription/0c9e5b7a-62f4-4f0e-8d3b-51a7e9d2c4b8');
  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  return {
    signupCode: { code: 'K7QX4M' },
    signupExisting: {
      login: pageLink(origin, language, '/?login=/account/settings'),
      link: pageLink(origin, language, '/reset-password'),
    },
    passwordReset: { link: pageLink(origin, language, '/reset-password?token=sample-token') },
    passwordResetUnknown: {},
    passwordResetDone: {},
    emailChangeCode: { code: 'P3HZ8R' },
    emailInUse: {},
    emailChanged: { email: 'new.address@example.com', link: pageLink(origin, language, '/restore-email?token=sample-token') },
    deletionScheduled: { date: date('2026-12-05') },
    deletionCancelled: {
      renewals: renewalsAfterDeletion(language, {
        restored: [{ offer: 'PDF Workshop Pro, yearly', date: date('2027-03-14') }],
        refused: [{ offer: 'Personal Health Plus, monthly', date: date('2026-12-20') }],
      }),
    },
    supportMessage: {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 972 555 0100',
      message: 'Hello,\nour PDF export stopped working after the update.\n\nCould you have a look?',
    },
    receipt: {
      invoice: '2026-00042',
      date: date('2026-11-28'),
      amount: '$1,299.00',
      tax: '$99.00',
      link: invoiceLink,
      lines: [
        { description: 'PDF Workshop Pro, yearly', quantity: 2, amount: '$198.00' },
        { description: 'Architecture review', quantity: 1, amount: '$1,002.00' },
      ],
    },
    invoiceRefunded: {
      invoice: '2026-00042',
      date: date('2026-12-02'),
      amount: '$99.00',
      reason: 'Goodwill for the outage on November 30',
      link: invoiceLink,
    },
    invoiceVoided: {
      invoice: '2026-00043',
      date: date('2026-12-02'),
      amount: '$10.81',
      reason: 'Billed twice by mistake',
      link: invoiceLink,
    },
    renewalReminder: { offer: 'PDF Workshop Pro, yearly', date: date('2026-12-05'), amount: '$990.00', link: subscriptionLink },
    renewalFailed: {
      offer: 'PDF Workshop Pro, monthly',
      date: date('2026-11-28'),
      amount: '$99.00',
      link: pageLink(origin, language, '/store/checkout?invoice=7f1c2a9e-0b1d-4c55-9a57-3d1e0c6b8f21'),
      cardLink: pageLink(origin, language, '/account/billing/card'),
    },
    paymentReminder: {
      invoice: '2026-00042',
      date: date('2026-11-28'),
      amount: '$99.00',
      link: pageLink(origin, language, '/store/checkout?invoice=7f1c2a9e-0b1d-4c55-9a57-3d1e0c6b8f21'),
      cardLink: pageLink(origin, language, '/account/billing/card'),
    },
    subscriptionCancelled: { offer: 'PDF Workshop Pro, monthly', date: date('2026-12-28'), link: subscriptionLink },
    passwordChanged: {},
    twoStepOn: {},
    twoStepOff: {},
    failedLogins: {},
    supportFlood: { limit: '200' },
    accountDeleted: {},
    staffInvite: {
      inviter: 'owner@example.com',
      date: date('2026-12-09'),
      link: pageLink(origin, language, '/staff-invite?token=sample-token'),
    },
    supportReply: {
      reply: 'Thank you for the report.\nThe export works again since this morning; please try once more.',
      date: date('2026-11-27'),
      message: 'Hello,\nour PDF export stopped working after the update.\n\nCould you have a look?',
    },
    twoStepReset: {},
    staffMessage: {
      subject: 'Your licence keys',
      message: 'Hello Ada,\nyour new licence keys are on the invoice page now.\n\nBest regards',
    },
    staffNotice: {
      title: 'Sale of $1,299.00, invoice 2026-00042',
      summary: 'Sale: ada@example.com paid $1,299.00 for invoice 2026-00042.',
      link: `${origin}/${language}/admin/invoices/7f1c2a9e-0b1d-4c55-9a57-3d1e0c6b8f21`,
    },
    staffDigest: {
      count: '2',
      items: [
        { text: 'Sale: ada@example.com paid $1,299.00 for invoice 2026-00042.', href: `${origin}/${language}/admin/invoices/7f1c2a9e` },
        { text: 'Support message from Ada Lovelace (ada@example.com).', href: `${origin}/${language}/admin/support/0c9e5b7a` },
      ],
    },
  };
}

/** One template with its sample values, as the preview and the template tests show it. */
export function renderSample<K extends EmailKind>(kind: K, language: ApiLanguage, origin: string): Promise<RenderedEmail> {
  const values: EmailValues<K> = sampleValues(origin, language)[kind];
  return renderEmail(kind, language, values, origin);
}
