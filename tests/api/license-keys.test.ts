import { eq } from 'drizzle-orm';
import { subscriptions, users } from '@/server/db/schema';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import { limits } from '@/server/services/platform/rate-limit';
import { pdfText } from '../support/pdf-text';
import { testCardPayment, testCards } from '../support/test-cards';
import { buyWithTestCard, logInAgain, newCustomer, startTestBackend, type TestBackend, type TestClient } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  // PDF Workshop has its address; Personal Health has none yet.
  backend = await startTestBackend({ APP_PDF_URL: 'https://pdf.example.com/' });
});
afterAll(() => backend.close());

const day = 24 * 60 * 60_000;
const keyOf = (app: string) => new RegExp(`^BB-${app}(-[A-HJKMNP-Z2-9]{5}){3}$`);

interface Line {
  Key: string;
  AvailableLicenseKey: string | null;
}
interface Shown {
  Key: string;
  LicenseKey: string | null;
  IsRenewed: boolean;
  InvoiceKey: string;
}

const subscriptionsOf = async (client: TestClient): Promise<Shown[]> => (await client.call('GET', 'license/subscriptions')).body;
const currentOf = async (client: TestClient) => (await subscriptionsOf(client)).find((row) => !row.IsRenewed)!;
const lineKeys = async (client: TestClient, invoiceKey: string) =>
  Object.fromEntries(
    ((await client.call('GET', `billing/invoice/${invoiceKey}`)).body.LineItems as Line[]).map((line) => [
      line.Key,
      line.AvailableLicenseKey,
    ]),
  );

/** The licence check as an app's server asks it: no website key, no cookie. */
const checkKey = async (key: string) => {
  const response = await backend.app.request(`/api/app/license/${encodeURIComponent(key)}`, { method: 'GET' });
  return { status: response.status, body: await response.json() };
};

describe('licence keys', () => {
  it('issues one key per paid subscription line, shown on the invoice, its PDF and the subscription', async () => {
    const client = await newCustomer(backend, 'keys@example.com');
    const { invoiceKey } = await buyWithTestCard(client, {
      'pdf-workshop-pro-monthly': 2,
      'personal-health-plus-monthly': 1,
      'consulting-architecture-review': 1,
    });
    const lines = await lineKeys(client, invoiceKey!);
    expect(lines['pdf-workshop-pro-monthly']).toMatch(keyOf('PDF'));
    expect(lines['personal-health-plus-monthly']).toMatch(keyOf('HEALTH'));
    // A one-off service is no subscription: it has no key.
    expect(lines['consulting-architecture-review']).toBeNull();
    const shown = await subscriptionsOf(client);
    expect(Object.fromEntries(shown.map((row) => [row.LicenseKey, row.InvoiceKey]))).toEqual({
      [lines['pdf-workshop-pro-monthly']!]: invoiceKey,
      [lines['personal-health-plus-monthly']!]: invoiceKey,
    });
    const one = await client.call('GET', `license/subscription/${shown[0].Key}`);
    expect(one.body.LicenseKey).toBe(shown[0].LicenseKey);

    const pdfIn = async (language: string) => {
      const pdf = await backend.app.request(`/api/billing/invoice-pdf/${invoiceKey}/download?lang=${language}`, {
        headers: { Cookie: `sid=${client.cookie('sid')}` },
      });
      return pdfText(new Uint8Array(await pdf.arrayBuffer()));
    };
    // Each key whole, under its line's description.
    expect(await pdfIn('en')).toContain(`PDF Workshop Pro, monthly  Licence key:  ${lines['pdf-workshop-pro-monthly']}`);
    expect(await pdfIn('de')).toContain(`Personal Health Plus, monatlich  Lizenzschlüssel:  ${lines['personal-health-plus-monthly']}`);
  });

  it('keeps the key through a renewal, and through a failed one paid with Pay Now', async () => {
    const renewing = await newCustomer(backend, 'keys-renew@example.com');
    await buyWithTestCard(renewing, { 'personal-health-plus-monthly': 1 });
    const failing = await newCustomer(backend, 'keys-renew-fails@example.com');
    await buyWithTestCard(failing, { 'pdf-workshop-pro-monthly': 1 }, testCards.renewalFails);
    const [renewingKey, failingKey] = [(await currentOf(renewing)).LicenseKey, (await currentOf(failing)).LicenseKey];

    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(renewing, 'keys-renew@example.com');
    await logInAgain(failing, 'keys-renew-fails@example.com');

    const renewed = await currentOf(renewing);
    expect((await subscriptionsOf(renewing)).map((row) => row.LicenseKey)).toEqual([renewingKey, renewingKey]);
    expect((await lineKeys(renewing, renewed.InvoiceKey))['personal-health-plus-monthly']).toBe(renewingKey);

    const lapsed = await currentOf(failing);
    const payNow = await failing.call('POST', `payment/create-manual-session?invoice=${lapsed.InvoiceKey}`);
    expect((await failing.call('POST', 'payment/manual/pay', { body: testCardPayment(payNow.body.Value) })).body.Status).toBe('complete');
    const continued = await currentOf(failing);
    expect(continued.Key).not.toBe(lapsed.Key);
    expect(continued.LicenseKey).toBe(failingKey);
    expect((await lineKeys(failing, continued.InvoiceKey))['pdf-workshop-pro-monthly']).toBe(failingKey);
  });

  it('gives subscriptions from before licence keys theirs when billing is first read, one key for a renewed chain', async () => {
    const client = await newCustomer(backend, 'keys-old@example.com');
    await buyWithTestCard(client, { 'personal-health-plus-monthly': 1 });
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(client, 'keys-old@example.com');
    const [owner] = await backend.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'keys-old@example.com'));
    await backend.database.db.update(subscriptions).set({ licenseKey: null }).where(eq(subscriptions.userId, owner.id));

    const [invoice] = (await client.call('GET', 'billing/invoices')).body;
    const key = invoice.LineItems[0].AvailableLicenseKey;
    expect(key).toMatch(keyOf('HEALTH'));
    expect((await subscriptionsOf(client)).map((row) => row.LicenseKey)).toEqual([key, key]);
  });
});

describe('the licence key check for the apps', () => {
  it('answers what a key entitles to, without the website key or a session, and not after its period', async () => {
    const client = await newCustomer(backend, 'keys-check@example.com');
    await buyWithTestCard(client, { 'pdf-workshop-pro-yearly': 3 });
    const { Key, LicenseKey } = await currentOf(client);
    const expected = {
      LicenseKey,
      Valid: true,
      App: 'pdf',
      Plan: 'pdf-workshop-pro-yearly',
      Quantity: 3,
      ExpirationDate: expect.any(String),
      Claims: ['app:pdf', 'app:pdf:pro'],
    };
    expect(await checkKey(LicenseKey!)).toEqual({ status: 200, body: expected });
    // As a person types it.
    expect((await checkKey(` ${LicenseKey!.toLowerCase()} `)).body).toEqual(expected);

    expect((await client.call('DELETE', `license/subscription/${Key}`)).status).toBe(200);
    backend.clock.advance(400 * day);
    expect((await checkKey(LicenseKey!)).body).toMatchObject({ Valid: false, Claims: [] });
  });

  it('refuses unknown and malformed keys, and throttles a flood of checks', async () => {
    const unknown = await checkKey('BB-PDF-AAAAA-BBBBB-CCCCC');
    expect(unknown.status).toBe(404);
    expect(unknown.body.ErrorMessages[0].Message).toBe('No subscription has this licence key.');
    expect((await checkKey('BB-PDF-00000-11111-OOOOO')).status).toBe(400);
    expect((await checkKey('not-a-key')).status).toBe(400);
    let status = 0;
    for (let sent = 0; sent <= limits.licenseChecksPerIp.max && status !== 429; sent++)
      status = (await checkKey('BB-AAAAA-BBBBB-CCCCC')).status;
    expect(status).toBe(429);
    backend.clock.advance(limits.licenseChecksPerIp.windowMs);
    expect((await checkKey('BB-AAAAA-BBBBB-CCCCC')).status).toBe(404);
  });
});

describe('the app landing page’s call', () => {
  it('gives the app’s address, the free plan and the current period of each plan, with its key', async () => {
    const client = await newCustomer(backend, 'landing@example.com');
    const empty = await client.call('GET', 'app/hosted-app/health', { headers: { 'Accept-Language': 'de' } });
    expect(empty.body).toEqual({ App: 'health', AppUrl: null, FreePlan: 'Personal Health Free', Subscriptions: [] });

    await buyWithTestCard(client, { 'pdf-workshop-pro-monthly': 1, 'personal-health-plus-monthly': 1 });
    backend.clock.advance(32 * day);
    await renewDueManualSubscriptions(backend.deps);
    await logInAgain(client, 'landing@example.com');
    const pdf = await client.call('GET', 'app/hosted-app/pdf', { headers: { 'Accept-Language': 'de' } });
    expect(pdf.body).toMatchObject({
      App: 'pdf',
      AppUrl: 'https://pdf.example.com/',
      FreePlan: 'PDF Workshop Free',
      Subscriptions: [
        { Description: 'PDF Workshop Pro, monatlich', IsRenewed: false, IsActive: true, LicenseKey: expect.stringMatching(keyOf('PDF')) },
      ],
    });
    expect(pdf.body.Subscriptions).toHaveLength(1);
  });

  it('needs a session and a known app', async () => {
    const visitor = await newCustomer(backend, 'landing-visitor@example.com');
    expect((await visitor.call('GET', 'app/hosted-app/talent')).status).toBe(400);
    await visitor.call('PUT', 'auth/logout');
    expect((await visitor.call('GET', 'app/hosted-app/pdf')).status).toBe(401);
  });
});
