import { eq } from 'drizzle-orm';
import { carts, supportMessages } from '@/server/db/schema';
import { fillCart, logInAgain, signedUpClient, startTestBackend, texasBilling, TestClient, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const notAllowed = 'Contains characters that are not allowed';
const contact = { FullName: 'Ann Smith', EmailAddress: 'ann@example.com', Phone: '+1 214 555 0100', Message: 'Hello' };
const sendSupportMessage = async (body: unknown) =>
  (await new TestClient(backend).prime()).call('POST', 'support/message', { body, headers: { 'X-Forwarded-For': '198.51.100.20' } });

describe('single-line text fields refuse tabs and line breaks', () => {
  it.each([
    [{ FullName: 'Jo\r\nBcc: x@y.z' }, `FullName: ${notAllowed}`],
    [{ FullName: 'Jo\nSmith' }, `FullName: ${notAllowed}`],
    [{ Phone: '+1 214\t555 0100' }, `Phone: ${notAllowed}`],
    // Unicode's own line breaks: next line, line separator, paragraph separator.
    [{ FullName: 'Jo\u0085Smith' }, `FullName: ${notAllowed}`],
    [{ FullName: 'Jo\u2028Bcc: x@y.z' }, `FullName: ${notAllowed}`],
    [{ FullName: 'Jo\u2029Smith' }, `FullName: ${notAllowed}`],
    [{ EmailAddress: 'ann@example.com\r\nBcc: x@y.z' }, `EmailAddress: ${notAllowed}`],
  ])('support message %j: "%s"', async (change, message) => {
    const response = await sendSupportMessage({ ...contact, ...change });
    expect(response.status).toBe(400);
    expect(response.body.ErrorMessages[0].Message).toBe(message);
  });

  it('keeps line breaks and tabs in the support message itself', async () => {
    const message = 'First line\r\nSecond line\n\tindented';
    const response = await sendSupportMessage({ ...contact, Message: message });
    expect(response.status).toBe(200);
    expect(await backend.database.db.select().from(supportMessages).where(eq(supportMessages.message, message))).toHaveLength(1);
  });

  let buyer: TestClient | undefined;
  it.each([
    [{ Name: 'Ann\r\nSmith' }, `BillingInfo.Name: ${notAllowed}`],
    [{ Name: 'Ann\u2028Smith' }, `BillingInfo.Name: ${notAllowed}`],
    [{ Address1: '100 Main\tStreet' }, `BillingInfo.Address1: ${notAllowed}`],
    [{ Address2: 'Suite\n5' }, `BillingInfo.Address2: ${notAllowed}`],
    [{ City: 'Plano\rTX' }, `BillingInfo.City: ${notAllowed}`],
    [{ PostalCode: '750\n24' }, `BillingInfo.PostalCode: ${notAllowed}`],
  ])('billing contact %j: "%s"', async (change, message) => {
    buyer ??= await signedUpClient(backend, 'lines@example.com');
    const response = await buyer.call('PUT', 'store/cart', {
      body: { Items: [], BillingInfo: { ...texasBilling, ...change }, IsAddition: false },
    });
    expect(response.status).toBe(400);
    expect(response.body.ErrorMessages.map((m: { Message: string }) => m.Message)).toContain(message);
  });

  it('display name', async () => {
    buyer ??= await signedUpClient(backend, 'lines@example.com');
    const response = await buyer.call('PUT', 'user/profile', { body: { DisplayName: 'Ann\nSmith' } });
    expect(response.status).toBe(400);
    expect(response.body.ErrorMessages[0].Message).toBe(`DisplayName: ${notAllowed}`);
  });

  it.each([
    ['\u202Eevil', `DisplayName: ${notAllowed}`],
    ['Ann \u2066Smith\u2069', `DisplayName: ${notAllowed}`],
  ])('display name %j with a bidirectional override: "%s"', async (name, message) => {
    buyer ??= await signedUpClient(backend, 'lines@example.com');
    const response = await buyer.call('PUT', 'user/profile', { body: { DisplayName: name } });
    expect(response.status).toBe(400);
    expect(response.body.ErrorMessages[0].Message).toBe(message);
  });

  it('but passwords keep them: only hashed, and a password set before must still log in', async () => {
    const password = 'Tabbed\tPassw0rd';
    await signedUpClient(backend, 'tab@example.com', password);
    await expect(logInAgain(await new TestClient(backend).prime(), 'tab@example.com', password)).resolves.toBeUndefined();
  });
});

describe('billing state outside the United States', () => {
  it('is dropped, as the form shows no state field there; a US state stays', async () => {
    const client = await signedUpClient(backend, 'abroad@example.com');
    const germany = await fillCart(
      client,
      { 'pdf-workshop-pro-monthly': 1 },
      { ...texasBilling, CountryCode: 'DE', StateCode: '<b>x</b>' },
    );
    expect(germany).toMatchObject({ BillingCountryCode: 'DE', BillingStateCode: null });
    const stored = await backend.database.db.select().from(carts);
    expect(stored.map((row) => [row.billingCountryCode, row.billingStateCode])).toEqual([['DE', null]]);
    const texas = await fillCart(client, { 'pdf-workshop-pro-monthly': 1 }, texasBilling);
    expect(texas).toMatchObject({ BillingCountryCode: 'US', BillingStateCode: 'TX' });
  });
});

describe('a required text of only invisible characters is empty', () => {
  it.each([
    [{ FullName: '\u200B' }, 'FullName: Full name is required'],
    [{ Message: '\u2063\u200B' }, 'Message: Message is required'],
  ])('support message %j: "%s"', async (change, message) => {
    const response = await sendSupportMessage({ ...contact, ...change });
    expect(response.status).toBe(400);
    expect(response.body.ErrorMessages[0].Message).toBe(message);
  });

  it('billing name', async () => {
    const client = await signedUpClient(backend, 'invisible@example.com');
    const response = await client.call('PUT', 'store/cart', {
      body: { Items: [], BillingInfo: { ...texasBilling, Name: '\u200B\u200B\u200B' }, IsAddition: false },
    });
    expect(response.status).toBe(400);
    expect(response.body.ErrorMessages.map((m: { Message: string }) => m.Message)).toContain('BillingInfo.Name: Required');
  });
});

describe('a value of the wrong JSON type is named by the type it should be', () => {
  it.each([
    [[], 'Must be a JSON object'],
    ['hello', 'Must be a JSON object'],
    [{ ...contact, FullName: 5 }, 'FullName: Must be text'],
    [{ ...contact, Message: null }, 'Message: Must be text'],
  ])('support message %j: "%s"', async (body, message) => {
    const response = await sendSupportMessage(body);
    expect(response.status).toBe(400);
    expect(response.body.ErrorMessages.map((m: { Message: string }) => m.Message)).toEqual([message]);
  });

  let shopper: TestClient | undefined;
  it.each([
    [{ Items: {}, IsAddition: false }, 'Items: Must be a list'],
    [{ Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: '2' }], IsAddition: false }, 'Items.0.Quantity: Must be a number'],
    [{ Items: [], IsAddition: 'yes' }, 'IsAddition: Must be true or false'],
  ])('cart %j: "%s"', async (body, message) => {
    shopper ??= await signedUpClient(backend, 'types@example.com');
    const response = await shopper.call('PUT', 'store/cart', { body });
    expect(response.status).toBe(400);
    expect(response.body.ErrorMessages.map((m: { Message: string }) => m.Message)).toEqual([message]);
  });

  it('in the caller’s language', async () => {
    const client = await new TestClient(backend).prime();
    const response = await client.call('POST', 'support/message', {
      body: { ...contact, FullName: 5 },
      headers: { 'Accept-Language': 'de', 'X-Forwarded-For': '198.51.100.21' },
    });
    expect(response.body.ErrorMessages[0].Message).toBe('FullName: Muss Text sein');
  });
});
