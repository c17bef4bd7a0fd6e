/**
 * The console's reports on a seeded quarter of sales: revenue net of tax and refunds by month and
 * by offer, sales tax by state, recurring revenue and its movements, and the accountant's CSV
 * files, whose sums are the screens' figures.
 */
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '@/lib/contract/http';
import { invoices, payments } from '@/server/db/schema';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import { germanBilling } from '../support/billing-contacts';
import {
  buyWithTestCard,
  fillCart,
  logInAgain,
  newCustomer,
  startTestBackend,
  TestClient,
  texasBilling,
  type TestBackend,
} from './harness';
import { staffClient } from './staff-harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const hour = 60 * 60_000;
const day = 24 * hour;
const californiaBilling = { ...texasBilling, City: 'Fresno', StateCode: 'CA', PostalCode: '93650' };

const monthName = (date: Date) => date.toISOString().slice(0, 7);
/** Moves the clock to noon on the first day of the next UTC month. */
function toNextMonth() {
  const now = backend.clock.now();
  backend.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 12) - now.getTime());
  return monthName(backend.clock.now());
}

/** A fresh staff session (staff sessions end after half an hour without use). */
const staff = async () => (await staffClient(backend, { passwordConfirmed: true })).client;

interface Buyer {
  email: string;
  client: TestClient;
}
async function buyer(
  label: string,
  items: Record<string, number>,
  billing: object = texasBilling,
): Promise<Buyer & { invoiceKey: string }> {
  const email = `reports-${label}@example.com`;
  const client = await newCustomer(backend, email);
  const { invoiceKey } = await buyWithTestCard(client, items, undefined, billing);
  if (!invoiceKey) throw new Error(`${label} did not pay`);
  return { email, client, invoiceKey };
}

const subscriptionOf = async (customer: Buyer, offerKey: string) => {
  await logInAgain(customer.client, customer.email);
  const list = (await customer.client.call('GET', 'license/subscriptions')).body as { Key: string; OfferKey: string; IsActive: boolean }[];
  const found = list.find((row) => row.OfferKey === offerKey && row.IsActive);
  if (!found) throw new Error(`no active ${offerKey}`);
  return found.Key;
};

/** Reads a CSV file of ours back into rows of named cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): Record<string, string>[] {
  const lines: string[][] = [];
  let line: string[] = [];
  // A cell: quoted (quotes doubled inside) or plain, then a comma, a line end or the end.
  const cellPattern = /(?:"((?:[^"]|"")*)"|([^",\r\n]*))(,|\r\n|$)/gy;
  for (let match = cellPattern.exec(text); match && match.index < text.length; match = cellPattern.exec(text)) {
    line.push(match[1] !== undefined ? match[1].replaceAll('""', '"') : match[2]);
    if (match[3] !== ',') {
      lines.push(line);
      line = [];
    }
  }
  const [heading, ...rows] = lines;
  return rows.map((row) => Object.fromEntries(heading.map((name, index) => [name, row[index]])));
}

const sumOf = (rows: Record<string, string>[], column: string) => rows.reduce((total, row) => total + Number(row[column]), 0);

describe('console: reports', () => {
  const months: string[] = [];
  let prorated: { sub: number; tax: number; total: number };
  let germanInvoice: string;

  beforeAll(async () => {
    // Month one: three Texans (monthly; yearly; three monthly seats and a health plan on one invoice),
    // a German customer (a review, tax exempt, half refunded), a Californian (monthly, no tax), and an invoice voided unpaid.
    months.push(toNextMonth());
    const monthly = await buyer('monthly', { 'pdf-workshop-pro-monthly': 1 });
    const yearly = await buyer('yearly', { 'pdf-workshop-pro-yearly': 1 });
    const bundle = await buyer('bundle', { 'pdf-workshop-pro-monthly': 3, 'personal-health-plus-monthly': 1 });
    const german = await buyer('german', { 'consulting-architecture-review': 1 }, germanBilling);
    germanInvoice = german.invoiceKey;
    const californian = await buyer('california', { 'pdf-workshop-pro-monthly': 1 }, californiaBilling);
    const voided = await newCustomer(backend, 'reports-void@example.com');
    await fillCart(voided, { 'consulting-architecture-review': 1 });
    await voided.call('POST', 'payment/create-manual-session');
    const [unpaid] = (await voided.call('GET', 'billing/invoices')).body;
    let console = await staff();
    expect((await console.call('POST', `admin/invoices/${unpaid.Key}/void`, { body: {} })).status).toBe(200);
    const halfBack = await console.call('POST', `admin/invoices/${german.invoiceKey}/refund`, {
      body: { Amount: 50000, Reason: '=HYPERLINK("http://evil.example"), "half" back' },
    });
    expect(halfBack.status).toBe(200);

    // Month two: the monthly ones renew; the monthly Texan goes to three seats mid-period (charged now);
    // the yearly Texan is refunded in full and cut off; the bundle gets 10.00 back and schedules one seat
    // for its next renewal; the Californian cancels at the period's end.
    months.push(toNextMonth());
    await renewDueManualSubscriptions(backend.deps);
    backend.clock.advance(14 * day);
    const upgrade = await monthly.client.call(
      'POST',
      `license/subscription/${await subscriptionOf(monthly, 'pdf-workshop-pro-monthly')}/change`,
      {
        body: { OfferKey: 'pdf-workshop-pro-monthly', Quantity: 3 },
      },
    );
    expect(upgrade.status).toBe(200);
    const upgradeInvoice = (await monthly.client.call('GET', `billing/invoice/${upgrade.body.InvoiceKey}`)).body;
    prorated = { sub: upgradeInvoice.SubTotalAmount, tax: upgradeInvoice.TaxTotalAmount, total: upgradeInvoice.TotalAmount };
    expect(prorated.sub).toBeGreaterThan(0);
    console = await staff();
    expect((await console.call('POST', `admin/invoices/${yearly.invoiceKey}/refund`, { body: { Amount: 10717 } })).status).toBe(200);
    const yearlyKey = await subscriptionOf(yearly, 'pdf-workshop-pro-yearly');
    expect((await console.call('POST', `admin/subscriptions/${yearlyKey}/cancel`, { body: { When: 'now' } })).status).toBe(200);
    expect(
      (await console.call('POST', `admin/invoices/${bundle.invoiceKey}/refund`, { body: { Amount: 1000, Reason: '-10 goodwill' } })).status,
    ).toBe(200);
    const fewer = await bundle.client.call(
      'POST',
      `license/subscription/${await subscriptionOf(bundle, 'pdf-workshop-pro-monthly')}/change`,
      {
        body: { OfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 },
      },
    );
    expect(fewer.status).toBe(200);
    const californianKey = await subscriptionOf(californian, 'pdf-workshop-pro-monthly');
    expect((await californian.client.call('DELETE', `license/subscription/${californianKey}`)).status).toBe(200);

    // Month three: the Texans renew (three seats; one seat and the health plan); the Californian's period ends.
    months.push(toNextMonth());
    backend.clock.advance(hour);
    await renewDueManualSubscriptions(backend.deps);
  });

  const summary = async (from: string, to: string) => {
    const answer = await (await staff()).call('GET', `admin/reports/summary?from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    return answer.body;
  };
  const salesTax = async (period: string) => {
    const answer = await (await staff()).call('GET', `admin/reports/sales-tax?period=${period}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    return answer.body;
  };

  it('counts revenue by month net of tax and refunds', async () => {
    const [first, second, third] = months;
    const report = await summary(first, third);
    expect(report.Months.map((month: { Month: string }) => month.Month)).toEqual(months);
    // Taken: 1081 + 10717 + 3784 (3496 and 288 tax) + 150000 + 999; the German half refunded, without tax.
    expect(report.Months[0]).toEqual({ Month: first, Taken: 166581, Refunded: 50000, Tax: 82 + 817 + 288, Net: 166581 - 50000 - 1187 });
    // Renewals 1081 + 3784 + 999 and the upgrade; the yearly refunded in full (817 tax back), 10.00 of the bundle (76 of it tax).
    expect(report.Months[1]).toEqual({
      Month: second,
      Taken: 1081 + 3784 + 999 + prorated.total,
      Refunded: 10717 + 1000,
      Tax: 82 + 288 + prorated.tax - 817 - 76,
      Net: 999 + 3496 + 999 + prorated.sub - 9900 - 924,
    });
    // Three seats (2997 + 247) and one seat with the health plan (1498 + its tax).
    expect(report.Months[2].Taken).toBeGreaterThan(3244 + 1498);
    expect(report.Months[2]).toMatchObject({ Refunded: 0, Net: 2997 + 1498 });
    // The overview's months are these.
    const overview = (await (await staff()).call('GET', 'admin/overview')).body;
    for (const month of report.Months)
      expect(overview.RevenueByMonth.find((row: { Month: string }) => row.Month === month.Month).Amount).toBe(month.Net);
  });

  it('splits revenue by offer, to the cent of the months', async () => {
    const report = await summary(months[0], months[2]);
    const byOffer = Object.fromEntries(report.Products.map((row: { OfferKey: string; Net: number }) => [row.OfferKey, row.Net]));
    // The bundle's refund of 924 net is shared by its lines' subtotals: 2997/3496 of it is 792.
    expect(byOffer).toEqual({
      'consulting-architecture-review': 100000,
      'pdf-workshop-pro-monthly': 999 + 2997 + 999 + (999 + 2997 + 999 + prorated.sub - 792) + (2997 + 999),
      'personal-health-plus-monthly': 499 + 499 - 132 + 499,
      'pdf-workshop-pro-yearly': 0,
    });
    expect(report.Products[0]).toMatchObject({ OfferKey: 'consulting-architecture-review', Name: 'Architecture review (one week)' });
    const net = report.Months.reduce((total: number, month: { Net: number }) => total + month.Net, 0);
    expect(Object.values(byOffer).reduce((total, offer) => total + offer, 0)).toBe(net);
  });

  it('follows recurring revenue: new, expansion, contraction and churn per customer', async () => {
    const report = await summary(months[0], months[2]);
    // End of month one: 999 + 825 (a twelfth of 9900) + 2997 + 499 + 999.
    expect(report.Mrr[0]).toEqual({ Month: months[0], Mrr: 6319, Customers: 4, New: 6319, Expansion: 0, Contraction: 0, Churn: 0 });
    // Month two: three seats (+1998), the yearly cut off (-825); the bundle keeps its paid seats until its renewal.
    expect(report.Mrr[1]).toEqual({ Month: months[1], Mrr: 7492, Customers: 3, New: 0, Expansion: 1998, Contraction: 0, Churn: 825 });
    // Month three so far: the bundle renewed with one seat (-1998), the Californian's cancelled period has ended.
    expect(report.Mrr[2]).toEqual({ Month: months[2], Mrr: 4495, Customers: 2, New: 0, Expansion: 0, Contraction: 1998, Churn: 999 });
    // A later range starts from the month before it.
    expect((await summary(months[1], months[1])).Mrr).toEqual([report.Mrr[1]]);
  });

  it('gives a sales tax return its figures by state, for a month and a quarter', async () => {
    const first = await salesTax(months[0]);
    expect(first).toMatchObject({ Period: months[0], From: `${months[0]}-01` });
    const texas = { CountryCode: 'US', StateCode: 'TX', StateName: 'Texas' };
    expect(first.Places).toEqual([
      {
        ...texas,
        CountryName: 'United States of America',
        Sales: 14395,
        TaxableSales: 14395,
        ExemptSales: 0,
        TaxCollected: 1187,
        TaxRefunded: 0,
        NetTax: 1187,
      },
      expect.objectContaining({ CountryCode: 'DE', StateCode: null, Sales: 100000, TaxableSales: 0, ExemptSales: 100000, NetTax: 0 }),
      expect.objectContaining({ CountryCode: 'US', StateCode: 'CA', Sales: 999, TaxableSales: 0, ExemptSales: 999, NetTax: 0 }),
    ]);
    expect(first.Totals).toEqual({
      Sales: 115394,
      TaxableSales: 14395,
      ExemptSales: 100999,
      TaxCollected: 1187,
      TaxRefunded: 0,
      NetTax: 1187,
    });

    // Month two gives back more Texas tax than it takes (the yearly refund).
    const second = await salesTax(months[1]);
    expect(second.Places.find((place: { StateCode: string | null }) => place.StateCode === 'TX')).toMatchObject({
      ...texas,
      Sales: 999 + 3496 + prorated.sub - 9900 - 924,
      TaxCollected: 82 + 288 + prorated.tax,
      TaxRefunded: 817 + 76,
      NetTax: 82 + 288 + prorated.tax - 893,
    });

    // A quarter adds up its months.
    const quarterOf = (month: string) => `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
    const quarter = await salesTax(quarterOf(months[0]));
    const inQuarter = await Promise.all(months.filter((month) => quarterOf(month) === quarterOf(months[0])).map(salesTax));
    for (const figure of ['Sales', 'TaxableSales', 'TaxCollected', 'TaxRefunded', 'NetTax'])
      expect(quarter.Totals[figure]).toBe(inQuarter.reduce((total, report) => total + report.Totals[figure], 0));
    expect(quarter.From.endsWith('-01')).toBe(true);
  });

  /** The file as a plain link gets it: the session cookie, no application key. */
  const download = async (file: string, from: string, to: string) => {
    const session = (await staff()).cookie(SESSION_COOKIE);
    const response = await backend.app.request(`/api/admin/reports/export/${file}?from=${from}&to=${to}`, {
      headers: { Cookie: `${SESSION_COOKIE}=${session}` },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const answer = {
      status: response.status,
      headers: response.headers,
      text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
    };
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${file}-${from}-to-${to}.csv"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.text.startsWith('\uFEFF')).toBe(true);
    return { text: answer.text, rows: parseCsv(answer.text.slice(1)) };
  };
  const lastDay = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

  it('exports payments and refunds whose sums are the screens’ figures, month by month', async () => {
    const report = await summary(months[0], months[2]);
    for (const [index, month] of months.entries()) {
      const paid = (await download('payments', `${month}-01`, lastDay(month))).rows;
      const refunded = (await download('refunds', `${month}-01`, lastDay(month))).rows;
      const figures = report.Months[index];
      expect(sumOf(paid, 'Amount (cents)')).toBe(figures.Taken);
      expect(sumOf(refunded, 'Amount (cents)')).toBe(figures.Refunded);
      expect(sumOf(paid, 'Tax (cents)') - sumOf(refunded, 'Tax (cents)')).toBe(figures.Tax);
      expect(sumOf(paid, 'Net (cents)') - sumOf(refunded, 'Net (cents)')).toBe(figures.Net);
      for (const row of [...paid, ...refunded]) {
        expect(row['Amount (USD)']).toBe((Number(row['Amount (cents)']) / 100).toFixed(2));
        expect(row['Paid at (UTC)'] ?? row['Refunded at (UTC)']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }
    }
    // The sales tax return's Texas figures come out of the same files.
    const paid = (await download('payments', `${months[0]}-01`, lastDay(months[0]))).rows.filter((row) => row.State === 'TX');
    expect(sumOf(paid, 'Tax (cents)')).toBe(1187);
    expect(paid.every((row) => row['Tax exempt'] === 'no')).toBe(true);
  });

  it('exports the invoices issued, voided ones too, with what was paid and refunded on them', async () => {
    const { rows } = await download('invoices', `${months[0]}-01`, lastDay(months[0]));
    expect(rows.map((row) => row.Status).sort()).toEqual(['paid', 'paid', 'paid', 'paid', 'paid', 'void']);
    const german = rows.find((row) => row.Country === 'DE')!;
    expect(german).toMatchObject({
      'Tax exempt': 'yes',
      'Tax rate (%)': '0.00',
      'Total (cents)': '150000',
      'Total (USD)': '1500.00',
      'Paid (cents)': '150000',
      'Refunded (cents)': '50000',
      'Refunded (USD)': '500.00',
    });
    expect(rows.find((row) => row.Status === 'void')!['Voided at (UTC)']).toMatch(/Z$/);
  });

  it('quotes cells as RFC 4180 says and keeps spreadsheets from running formulas', async () => {
    await backend.database.db.update(invoices).set({ billingName: '@SUM(1+1)\r\nSecond line' }).where(eq(invoices.id, germanInvoice));
    const { text, rows } = await download('refunds', `${months[0]}-01`, lastDay(months[0]));
    // Quoted for the comma and quotes, quotes doubled, an apostrophe before the = and the @.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example""), ""half"" back"`);
    expect(text).toContain(`"'@SUM(1+1)\r\nSecond line"`);
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFRefunded at (UTC),Invoice,Customer email,Billing name,Company,Country,State,Tax exempt,Provider,Reference,Description,' +
        'Amount (cents),Amount (USD),Tax (cents),Tax (USD),Net (cents),Net (USD)',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ 'Billing name': "'@SUM(1+1)\r\nSecond line", 'Amount (cents)': '50000', 'Net (USD)': '500.00' });
    // A refund reason that starts with a minus is text; the amounts stay numbers.
    const second = await download('refunds', `${months[1]}-01`, lastDay(months[1]));
    expect(second.rows.map((row) => row.Description)).toContain("'-10 goodwill");
  });

  it('sends a long file page after page, every row once, in order', async () => {
    // An invoice of long ago paid in 1201 parts, 600 of them at one moment.
    const [copied] = await backend.database.db.select().from(invoices).where(eq(invoices.id, germanInvoice));
    const start = Date.UTC(2020, 0, 10);
    const [old] = await backend.database.db
      .insert(invoices)
      .values({ ...copied, id: undefined, number: '2020-09999', createdAt: new Date(start) })
      .returning();
    await backend.database.db.insert(payments).values(
      Array.from({ length: 1201 }, (_, index) => ({
        invoiceId: old.id,
        paidAt: new Date(start + Math.max(0, index - 600) * 60_000),
        description: 'Part',
        amountCents: 100,
        provider: 'manual',
        providerRef: `part-${index}`,
      })),
    );
    const { rows } = await download('payments', '2020-01-01', '2020-01-31');
    expect(rows).toHaveLength(1201);
    expect(new Set(rows.map((row) => row.Reference)).size).toBe(1201);
    const times = rows.map((row) => row['Paid at (UTC)']);
    expect([...times].sort()).toEqual(times);
    expect(sumOf(rows, 'Net (cents)')).toBe((await summary('2020-01', '2020-01')).Months[0].Net);
  });

  it('refuses bad ranges and periods with 400 and a clear message', async () => {
    const console = await staff();
    const refused = async (path: string, message: string) => {
      const answer = await console.call('GET', path);
      expect(answer.status).toBe(400);
      expect(answer.body.ErrorMessages.map((entry: { Message: string }) => entry.Message)).toContain(message);
    };
    await refused('admin/reports/summary?from=2026-13&to=2026-12', 'from: Enter a month as YYYY-MM');
    await refused('admin/reports/summary?from=2026-01', 'to: Enter a month as YYYY-MM');
    await refused('admin/reports/summary?from=2026-05&to=2026-04', 'to: Must not be before the start');
    await refused('admin/reports/summary?from=2024-01&to=2026-01', 'to: At most 24 months at a time');
    expect((await console.call('GET', 'admin/reports/summary?from=2024-01&to=2025-12')).status).toBe(200);
    await refused('admin/reports/sales-tax?period=2026-Q5', 'period: Enter a month as YYYY-MM or a quarter as YYYY-Q1 to YYYY-Q4');
    await refused('admin/reports/sales-tax', 'period: Enter a month as YYYY-MM or a quarter as YYYY-Q1 to YYYY-Q4');
    await refused('admin/reports/export/payments?from=2026-02-30&to=2026-03-01', 'from: Enter a date as YYYY-MM-DD');
    await refused('admin/reports/export/payments?from=2026-03-02&to=2026-03-01', 'to: Must not be before the start');
    await refused('admin/reports/export/refunds?from=2025-01-01&to=2026-01-02', 'to: At most 366 days at a time');
    expect((await download('refunds', '2024-01-01', '2024-12-31')).rows).toEqual([]);
    expect((await console.call('GET', 'admin/reports/export/customers?from=2026-01-01&to=2026-01-31')).status).toBe(400);
    // In the caller's language.
    const german = await console.call('GET', 'admin/reports/sales-tax?period=2026-13', { headers: { 'Accept-Language': 'de' } });
    expect(german.body.ErrorMessages[0].Message).toBe('period: Monat als JJJJ-MM oder Quartal als JJJJ-Q1 bis JJJJ-Q4 angeben');
  });

  it('does not exist for a customer or a stranger', async () => {
    const customer = await newCustomer(backend, 'reports-customer@example.com');
    const stranger = new TestClient(backend);
    for (const path of [
      'admin/reports/summary?from=2026-01&to=2026-02',
      'admin/reports/sales-tax?period=2026-Q1',
      'admin/reports/export/payments?from=2026-01-01&to=2026-01-31',
    ]) {
      expect((await customer.call('GET', path)).status).toBe(404);
      expect((await stranger.call('GET', path)).status).toBe(404);
    }
  });
});
