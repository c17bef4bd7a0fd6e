/**
 * The support inbox: messages newest first by status, a thread with its answers, an answer
 * mailed to the sender in their language with the original quoted, status changes, audit rows.
 */
import { eq } from 'drizzle-orm';
import { auditLog, supportMessages } from '@/server/db/schema';
import { brand } from '@/lib/config';
import { uniqueEmail } from '../support/accounts';
import { newCustomer, startTestBackend, TestClient, type TestBackend } from './harness';
import { staffClient } from './staff-harness';

let backend: TestBackend;
let staff: TestClient;
let staffEmail: string;
beforeAll(async () => {
  backend = await startTestBackend();
  ({ client: staff, email: staffEmail } = await staffClient(backend));
});
afterAll(() => backend.close());

let sender = 0;
/** Sends the contact form, signed in (with the client's language) or not; answers the message's key. */
async function sendMessage(client: TestClient, email: string, message: string, language = 'en') {
  const answer = await client.call('POST', 'support/message', {
    body: { FullName: 'Grace Hopper', EmailAddress: email, Phone: '+1 972 555 0199', Message: message },
    headers: { 'Accept-Language': language, 'X-Forwarded-For': `198.51.100.${++sender}` },
  });
  expect(answer.status).toBe(200);
  const [row] = await backend.database.db.select().from(supportMessages).where(eq(supportMessages.message, message));
  return row.id;
}

async function delivered(address: string) {
  await backend.deliverMail();
  return backend.mail.to(address);
}

describe('support inbox', () => {
  it('marks a sender verified only when signed in to an account with that very address', async () => {
    const email = uniqueEmail('own');
    const customer = await newCustomer(backend, email);
    const anonymous = await new TestClient(backend).prime();
    const cases = [
      { client: customer, address: email.toUpperCase(), verified: true },
      { client: customer, address: uniqueEmail('other'), verified: false },
      { client: anonymous, address: email, verified: false },
    ];
    for (const [index, { client, address, verified }] of cases.entries()) {
      const key = await sendMessage(client, address, `Whose address is this? (${index})`);
      const row = (await staff.call('GET', 'admin/support')).body.find((message: { Key: string }) => message.Key === key);
      expect({ index, verified: row.SenderVerified }).toEqual({ index, verified });
      expect((await staff.call('GET', `admin/support/${key}`)).body.SenderVerified).toBe(verified);
    }
  });

  it('lists messages newest first, filtered by status', async () => {
    const anonymous = await new TestClient(backend).prime();
    const first = await sendMessage(anonymous, uniqueEmail('first'), 'First message, about invoices.');
    backend.clock.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await sendMessage(anonymous, uniqueEmail('second'), 'Second message, about renewals.');
    const all = await staff.call('GET', 'admin/support');
    expect(all.status).toBe(200);
    const keys = all.body.map((row: { Key: string }) => row.Key);
    expect(keys.indexOf(second)).toBeLessThan(keys.indexOf(first));
    expect(all.body.find((row: { Key: string }) => row.Key === first)).toMatchObject({
      FullName: 'Grace Hopper',
      Phone: '+1 972 555 0199',
      Message: 'First message, about invoices.',
      Status: 'new',
      CustomerKey: null,
    });
    const fresh = await staff.call('GET', 'admin/support?status=new');
    expect(fresh.body.map((row: { Key: string }) => row.Key)).toEqual(expect.arrayContaining([first, second]));
    expect((await staff.call('GET', 'admin/support?status=closed')).body).toEqual([]);
    expect((await staff.call('GET', 'admin/support?status=bogus')).status).toBe(400);
  });

  it('answers a signed-in customer in their language, with the original quoted, and marks the message answered', async () => {
    const email = uniqueEmail('kunde');
    const customer = await newCustomer(backend, email);
    const key = await sendMessage(customer, email, 'Hallo,\nder PDF-Export geht nicht mehr.', 'de');
    const thread = await staff.call('GET', `admin/support/${key}`);
    expect(thread.status).toBe(200);
    expect(thread.body.CustomerKey).toEqual(expect.any(String));
    expect(thread.body.Replies).toEqual([]);

    const reply = await staff.call('POST', `admin/support/${key}/reply`, {
      body: { Body: 'Guten Tag,\nder Export funktioniert wieder.' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.AuditKey).toEqual(expect.any(String));

    const mails = await delivered(email);
    const answer = mails.find((mail) => mail.subject.startsWith('Re:'));
    expect(answer?.subject).toBe(`Re: Ihre Nachricht an ${brand.product}`);
    expect(answer?.text).toContain('der Export funktioniert wieder.');
    expect(answer?.text).toContain('der PDF-Export geht nicht mehr.');
    expect(answer?.text).toContain('Sie haben uns am');

    const after = await staff.call('GET', `admin/support/${key}`);
    expect(after.body.Status).toBe('answered');
    expect(after.body.Replies).toEqual([
      { Body: 'Guten Tag,\nder Export funktioniert wieder.', SentDate: expect.any(String), StaffEmailAddress: staffEmail },
    ]);
    const [audit] = await backend.database.db.select().from(auditLog).where(eq(auditLog.id, reply.body.AuditKey));
    expect(audit).toMatchObject({
      staffEmail,
      action: 'support.reply',
      targetType: 'support-message',
      targetId: key,
      before: { status: 'new' },
    });
  });

  it('answers a sender without an account in the language the message was written in', async () => {
    const reply = async (language: string, question: string, body: string) => {
      const email = uniqueEmail('visitor');
      const anonymous = await new TestClient(backend).prime();
      const key = await sendMessage(anonymous, email, question, language);
      expect((await staff.call('POST', `admin/support/${key}/reply`, { body: { Body: body } })).status).toBe(200);
      const [answer] = (await delivered(email)).filter((mail) => mail.subject.startsWith('Re:'));
      expect(answer.text).toContain(body);
      expect(answer.text).toContain(question);
      return answer;
    };
    const english = await reply('en', 'Do you offer training?', 'Yes, we do.');
    expect(english.subject).toBe(`Re: your message to ${brand.product}`);
    expect(english.text).toContain(`because you wrote to ${brand.company}`);
    const russian = await reply('ru', 'Вы проводите обучение?', 'Да, проводим.');
    expect(russian.subject).toBe(`Re: ваше сообщение в ${brand.product}`);
    expect(russian.text).toContain(`потому что написали в ${brand.company}`);
  });

  it('changes the status and audits each change', async () => {
    const anonymous = await new TestClient(backend).prime();
    const key = await sendMessage(anonymous, uniqueEmail('status'), 'Please close my ticket.');
    const closed = await staff.call('PUT', `admin/support/${key}/status`, { body: { Status: 'closed' } });
    expect(closed.status).toBe(200);
    const [audit] = await backend.database.db.select().from(auditLog).where(eq(auditLog.id, closed.body.AuditKey));
    expect(audit).toMatchObject({ action: 'support.status', before: { status: 'new' }, after: { status: 'closed' } });
    expect((await staff.call('PUT', `admin/support/${key}/status`, { body: { Status: 'closed' } })).body.AuditKey).toBeNull();
    const list = await staff.call('GET', 'admin/support?status=closed');
    expect(list.body.map((row: { Key: string }) => row.Key)).toContain(key);
    expect((await staff.call('PUT', `admin/support/${key}/status`, { body: { Status: 'new' } })).status).toBe(200);
  });

  it('refuses unknown messages and bad input with clear 4xx answers', async () => {
    const unknown = '2b5f7a0e-8c1d-4f3a-9b6e-0d4c2a1f5e7b';
    expect((await staff.call('GET', `admin/support/${unknown}`)).status).toBe(404);
    expect((await staff.call('POST', `admin/support/${unknown}/reply`, { body: { Body: 'Hello' } })).status).toBe(404);
    expect((await staff.call('PUT', `admin/support/${unknown}/status`, { body: { Status: 'closed' } })).status).toBe(404);
    expect((await staff.call('GET', 'admin/support/not-a-key')).status).toBe(400);
    const anonymous = await new TestClient(backend).prime();
    const key = await sendMessage(anonymous, uniqueEmail('bad'), 'A message for bad input.');
    expect((await staff.call('POST', `admin/support/${key}/reply`, { body: { Body: '   ' } })).status).toBe(400);
    expect((await staff.call('POST', `admin/support/${key}/reply`, { body: { Body: 'x'.repeat(5001) } })).status).toBe(400);
    expect((await staff.call('PUT', `admin/support/${key}/status`, { body: { Status: 'deleted' } })).status).toBe(400);
    expect((await staff.call('GET', `admin/support/${key}`)).body.Status).toBe('new');
  });

  it('is closed to staff without the second factor and invisible to customers', async () => {
    const { client } = await staffClient(backend, { secondFactor: false });
    const answer = await client.call('GET', 'admin/support');
    expect(answer.status).toBe(403);
    expect(answer.body.Data).toBe('second-factor');
    const customer = await newCustomer(backend, uniqueEmail('nosy'));
    expect((await customer.call('GET', 'admin/support')).status).toBe(404);
  });
});
