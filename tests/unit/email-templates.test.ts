/** @jest-environment node */
import { languages } from '@/lib/contract/languages';
import { brand } from '@/lib/config';
import { renderSample, sampleValues } from '@/server/email/samples';
import { renderEmail, templateShapes, type EmailKind } from '@/server/email/templates';

const origin = 'https://shop.example';
const kinds = Object.keys(templateShapes) as EmailKind[];
const cases = kinds.flatMap((kind) => languages.map((language) => [kind, language] as const));

describe.each(cases)('%s in %s', (kind, language) => {
  let mail: Awaited<ReturnType<typeof renderSample>>;
  beforeAll(async () => {
    mail = await renderSample(kind, language, origin);
  });

  it('has a subject, an HTML part and a plain-text part in that language', () => {
    expect(mail.subject.trim()).not.toBe('');
    expect(mail.html).toMatch(new RegExp(`<html[^>]* lang="${language}"`));
    expect(mail.text.trim().length).toBeGreaterThan(40);
  });

  it('leaves no placeholder unfilled', () => {
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\w+\}/);
  });

  it('carries every value it was given, in both parts', () => {
    const values: Record<string, unknown> = sampleValues(origin, language)[kind];
    const shown = (value: unknown) => (typeof value === 'string' ? value.split('\n').filter(Boolean) : []);
    for (const value of Object.values(values).flatMap(shown)) {
      expect(mail.text).toContain(value);
      expect(mail.html).toContain(value.replaceAll('&', '&amp;'));
    }
  });

  it('links only to absolute addresses on the public origin, in the same language', () => {
    const links = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1].replaceAll('&amp;', '&'));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${origin}/${language}/`)).toBe(true);
    expect(links).toContain(`${origin}/${language}/legal/privacy-policy`);
    for (const link of links) expect(mail.text).toContain(link);
  });

  it('ends with the company and its postal address', () => {
    expect(mail.text).toContain(brand.company);
    expect(mail.text).toContain(`${brand.street}, ${brand.city}, ${brand.regionCode} ${brand.postalCode}`);
  });
});

describe('templates', () => {
  it('refuse to render without a value their text names', async () => {
    // @ts-expect-error: a receipt without its values is what the check is for
    await expect(renderEmail('receipt', 'en', { link: `${origin}/en/x` }, origin)).rejects.toThrow(
      'email text en.receipt.body uses {amount}',
    );
  });

  it('put the country in the reader’s language', async () => {
    expect((await renderSample('passwordChanged', 'de', origin)).text).toContain('Vereinigte Staaten');
    expect((await renderSample('passwordChanged', 'ru', origin)).text).toContain('Plano, TX 75024, США');
    expect((await renderSample('passwordChanged', 'en', origin)).text).toContain('United States');
  });

  it('itemise a receipt: each line with its quantity and amount, then tax and total, in both parts', async () => {
    const mail = await renderSample('receipt', 'de', origin);
    for (const row of [
      /PDF Workshop Pro, yearly × 2\s+\$198\.00/,
      /Architecture review × 1\s+\$1,002\.00/,
      /Steuer\s+\$99\.00/,
      /Gesamt\s+\$1,299\.00/,
    ])
      expect(mail.text).toMatch(row);
    expect(mail.html).toContain('PDF Workshop Pro, yearly × 2');
    expect(mail.html).toContain('$1,002.00');
  });

  it('leave out a detail given empty (a void without a reason)', async () => {
    const values = { ...sampleValues(origin, 'en').invoiceVoided, reason: '' };
    const mail = await renderEmail('invoiceVoided', 'en', values, origin);
    expect(mail.text).toContain('Voided on');
    expect(mail.text).not.toContain('Reason');
  });

  it('show a verification code on its own line, before the rest of the text', async () => {
    const mail = await renderSample('signupCode', 'en', origin);
    const lines = mail.text.split('\n').map((line) => line.trim());
    expect(lines).toContain('K7QX4M');
    expect(mail.text.indexOf('K7QX4M')).toBeLessThan(mail.text.indexOf('If you did not try'));
  });
});

describe('a date at the end of a sentence', () => {
  it('keeps one period after a Russian date that ends in "г."', async () => {
    const date = new Intl.DateTimeFormat('ru', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-12-06T00:00:00Z'));
    expect(date).toBe('6 декабря 2026 г.');
    const values = { ...sampleValues(origin, 'ru').subscriptionCancelled, date };
    const mail = await renderEmail('subscriptionCancelled', 'ru', values, origin);
    expect(mail.text).toContain('Она остаётся доступной до 6 декабря 2026 г.');
    expect(mail.text).not.toContain('г..');
    expect(mail.html).not.toContain('г..');
  });

  it('still ends an English sentence with its period', async () => {
    const values = { ...sampleValues(origin, 'en').subscriptionCancelled, date: 'December 6, 2026' };
    expect((await renderEmail('subscriptionCancelled', 'en', values, origin)).text).toMatch(/until December 6, 2026\./);
  });
});
