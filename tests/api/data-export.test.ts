/**
 * "Your data": the account's data as JSON, and as a ZIP with every invoice's PDF; the owner's
 * data only, behind the session, throttled per account.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { AccountData } from '@/lib/contract/data-export';
import { SESSION_COOKIE } from '@/lib/contract/http';
import { invoiceDocuments } from '@/server/db/schema';
import { limits } from '@/server/services/platform/rate-limit';
import { uniqueEmail } from '../support/accounts';
import { pdfText } from '../support/pdf-text';
import { buyWithTestCard, logInAgain, newCustomer, startTestBackend, TestClient, type TestBackend } from './harness';
import { staffClient } from './staff-harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

let sender = 0;
/** The contact form as the site sends it, from its own client address each time (the form is throttled per address). */
async function sendSupportMessage(client: TestClient, email: string, message: string) {
  const answer = await client.call('POST', 'support/message', {
    body: { FullName: 'Ada Lovelace', EmailAddress: email, Phone: null, Message: message },
    headers: { 'X-Forwarded-For': `198.51.100.${++sender}` },
  });
  expect(answer.status).toBe(200);
}

/** A download as the browser makes it from a plain link: the cookies, no application key. */
function download(client: TestClient | null, path: string) {
  const headers: Record<string, string> = client ? { Cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` } : {};
  return backend.app.request(`/api/${path}`, { headers });
}

async function dataOf(client: TestClient, query = '') {
  const response = await download(client, `user/data-export${query}`);
  expect(response.status).toBe(200);
  return { response, text: await response.text() };
}

/** Buys through the offline provider with the success card: a paid invoice's key. */
async function paidInvoice(client: TestClient, items: Record<string, number>) {
  const { invoiceKey } = await buyWithTestCard(client, items);
  if (!invoiceKey) throw new Error('the test card left the invoice unpaid');
  return invoiceKey;
}

const today = () => backend.clock.now().toISOString().slice(0, 10);

describe('the account’s data', () => {
  let buyer: TestClient;
  let buyerEmail: string;
  let invoiceKey: string;
  let other: TestClient;
  let otherEmail: string;

  beforeAll(async () => {
    buyerEmail = uniqueEmail('buyer');
    buyer = await newCustomer(backend, buyerEmail);
    invoiceKey = await paidInvoice(buyer, { 'pdf-workshop-pro-monthly': 2 });
    otherEmail = uniqueEmail('other');
    other = await newCustomer(backend, otherEmail);
    // Signed in, from the account's address and from another; and from the account's address without signing in.
    await sendSupportMessage(buyer, buyerEmail, 'Signed in, from my address');
    await sendSupportMessage(buyer, 'colleague@example.com', 'Signed in, for a colleague');
    await sendSupportMessage(await new TestClient(backend).prime(), buyerEmail, 'Not signed in, from my address');
    await sendSupportMessage(other, otherEmail, 'The other customer’s question');
    const { client: staff } = await staffClient(backend);
    const inbox = (await staff.call('GET', 'admin/support?status=all')).body as { Key: string; Message: string }[];
    for (const { Key, Message } of inbox) {
      const reply = await staff.call('POST', `admin/support/${Key}/reply`, { body: { Body: `Answer to: ${Message}` } });
      expect(reply.status).toBe(200);
    }
  });

  it('holds the profile, invoices with payments, subscriptions, support messages with replies and sessions', async () => {
    const secondBrowser = await new TestClient(backend).prime();
    await logInAgain(secondBrowser, buyerEmail);
    const { response, text } = await dataOf(buyer);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="bluebonnet-data-${today()}.json"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const data = JSON.parse(text) as AccountData;
    expect(data.ExportedDate).toBe(backend.clock.now().toISOString());
    expect(data.Profile).toEqual({
      EmailAddress: buyerEmail,
      DisplayName: null,
      Language: 'en',
      CreatedDate: expect.any(String),
      TermsAcceptedDate: expect.any(String),
      CookieConsent: null,
    });
    // The same invoice as the billing page shows, with its status.
    const shown = (await buyer.call('GET', `billing/invoice/${invoiceKey}`)).body;
    expect(data.Invoices).toEqual([{ ...shown, Status: 'paid' }]);
    expect(data.Invoices[0]).toMatchObject({
      LineItems: [{ Key: 'pdf-workshop-pro-monthly', Quantity: 2, Description: 'PDF Workshop Pro, monthly' }],
      BillingName: expect.any(String),
      BillingEmailAddress: buyerEmail,
      Payments: [{ IsPayment: true, Amount: shown.TotalAmount }],
    });
    expect(data.Subscriptions).toEqual([
      expect.objectContaining({ Description: 'PDF Workshop Pro, monthly', Quantity: 2, InvoiceKey: invoiceKey, State: 'active' }),
    ]);
    expect(data.SupportMessages.map((message) => [message.Message, message.Replies.map((reply) => reply.Message)]).sort()).toEqual([
      ['Not signed in, from my address', ['Answer to: Not signed in, from my address']],
      ['Signed in, for a colleague', ['Answer to: Signed in, for a colleague']],
      ['Signed in, from my address', ['Answer to: Signed in, from my address']],
    ]);
    expect(data.Sessions).toHaveLength(2);
    expect(data.Sessions.filter((session) => session.IsCurrent)).toHaveLength(1);
    for (const session of data.Sessions) {
      expect(session).toEqual({
        StartedDate: expect.any(String),
        LastUsedDate: expect.any(String),
        ExpirationDate: expect.any(String),
        UserAgent: session.UserAgent,
        ClientAddress: session.ClientAddress,
        IsCurrent: expect.any(Boolean),
      });
    }
  });

  it('holds nothing of another account', async () => {
    const { text } = await dataOf(other);
    const data = JSON.parse(text) as AccountData;
    expect(data.Profile.EmailAddress).toBe(otherEmail);
    expect(data.Invoices).toEqual([]);
    expect(data.Subscriptions).toEqual([]);
    expect(data.SupportMessages.map((message) => message.Message)).toEqual(['The other customer’s question']);
    expect(data.Sessions).toHaveLength(1);
    for (const foreign of [buyerEmail, invoiceKey, 'from my address', 'colleague']) expect(text).not.toContain(foreign);
    const own = (await dataOf(buyer)).text;
    expect(own).not.toContain(otherEmail);
    expect(own).not.toContain('The other customer’s question');
  });

  it('words the invoices and subscriptions in the language the link asks for', async () => {
    const data = JSON.parse((await dataOf(buyer, '?lang=de')).text) as AccountData;
    expect(data.Invoices[0].LineItems[0].Description).toBe('PDF Workshop Pro, monatlich');
    expect(data.Subscriptions[0].Description).toBe('PDF Workshop Pro, monatlich');
    expect((await download(buyer, 'user/data-export?lang=fr')).status).toBe(400);
  });

  it('puts data.json and one PDF per invoice in the ZIP', async () => {
    // A second invoice, so the archive holds more than one PDF.
    const second = await paidInvoice(buyer, { 'consulting-architecture-review': 1 });
    const response = await download(buyer, 'user/data-export/zip');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="bluebonnet-data-${today()}.zip"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(files['data.json'])) as AccountData;
    expect(data.Profile.EmailAddress).toBe(buyerEmail);
    expect(data.Invoices.map((invoice) => invoice.Key).sort()).toEqual([invoiceKey, second].sort());
    const numbers = data.Invoices.map((invoice) => invoice.InvoiceNumber);
    expect(Object.keys(files).sort()).toEqual(['data.json', ...numbers.map((number) => `invoices/invoice-${number}.pdf`)].sort());
    for (const number of numbers) expect(await pdfText(files[`invoices/invoice-${number}.pdf`])).toContain(number);
  });

  it('renders no more PDFs once the download stops', async () => {
    const email = uniqueEmail('many');
    const client = await newCustomer(backend, email);
    const keys: string[] = [];
    for (let bought = 0; bought < 4; bought++) keys.push(await paidInvoice(client, { 'consulting-architecture-review': 1 }));
    const response = await download(client, 'user/data-export/zip');
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    // Renders run one after another: once a later one is done, any the archive had asked for are done too.
    expect((await download(client, `billing/invoice-pdf/${keys[0]}/download?lang=ru`)).status).toBe(200);
    const rendered = await backend.database.db
      .select({ invoiceId: invoiceDocuments.invoiceId })
      .from(invoiceDocuments)
      .where(and(inArray(invoiceDocuments.invoiceId, keys), eq(invoiceDocuments.language, 'en')));
    // At most the one a pull had begun before the download stopped.
    expect(rendered.length).toBeLessThanOrEqual(1);
  });
});

describe('who may download', () => {
  it('answers 401 without a session, for both files', async () => {
    for (const path of ['user/data-export', 'user/data-export/zip']) {
      const response = await download(null, path);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ ErrorMessages: [{ Code: 'loginRequired' }] });
    }
  });

  it('throttles the copies of one account, JSON and ZIP together', async () => {
    const client = await newCustomer(backend, uniqueEmail('often'));
    for (let copy = 0; copy < limits.dataExportsPerAccount.max; copy++) {
      const response = await download(client, copy % 2 ? 'user/data-export' : 'user/data-export/zip');
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await download(client, 'user/data-export/zip');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ ErrorMessages: [{ Code: 'tooManyDataExports' }] });
    // Another account is not held back.
    expect((await download(await newCustomer(backend, uniqueEmail('fresh')), 'user/data-export')).status).toBe(200);
  });
});
