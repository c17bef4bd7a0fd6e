import { brand } from '@/lib/config';
import { outbox, supportMessages } from '@/server/db/schema';
import { startTestBackend, TestClient, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const valid = {
  FullName: '  Ann Smith ',
  EmailAddress: ' Ann@Example.com ',
  Phone: ' +1 214 555 0100 ',
  Message: ' We need an Angular upgrade. ',
};

describe('POST support/message', () => {
  it('stores the trimmed message and mails it to support with the sender as reply-to', async () => {
    const client = await new TestClient(backend).prime();
    const response = await client.call('POST', 'support/message', { body: valid, headers: { 'X-Forwarded-For': '198.51.100.1' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ErrorMessages: [], Data: null });
    const [row] = await backend.database.db.select().from(supportMessages);
    expect(row).toMatchObject({
      fullName: 'Ann Smith',
      emailAddress: 'ann@example.com',
      phone: '+1 214 555 0100',
      message: 'We need an Angular upgrade.',
    });
    await backend.deliverMail();
    const [mail] = backend.mail.to(brand.supportEmail);
    expect(mail).toMatchObject({ subject: 'Support message from Ann Smith', replyTo: 'ann@example.com' });
    expect(mail.text).toContain('We need an Angular upgrade.');
  });

  it('keeps the message when the mail server is down and delivers it when it is back', async () => {
    const client = await new TestClient(backend).prime();
    backend.mail.setRefusing(true);
    const response = await client.call('POST', 'support/message', {
      body: { ...valid, Message: 'Mail is down' },
      headers: { 'X-Forwarded-For': '198.51.100.2' },
    });
    expect(response.status).toBe(200);
    expect(await backend.deliverMail()).toBe(0);
    backend.mail.setRefusing(false);
    backend.clock.advance(60_000);
    expect(await backend.deliverMail()).toBe(1);
    expect(backend.mail.to(brand.supportEmail).at(-1)?.text).toContain('Mail is down');
  });

  it.each([
    [{ FullName: ' ' }, 'FullName: Full name is required'],
    [{ FullName: 'x'.repeat(31) }, 'FullName: Must be at most 30 characters'],
    [{ EmailAddress: '' }, 'EmailAddress: Email is required'],
    [{ EmailAddress: 'ann@' }, 'EmailAddress: Please enter a valid email address'],
    [{ EmailAddress: `${'a'.repeat(45)}@example.com` }, 'EmailAddress: Must be at most 50 characters'],
    [{ Phone: '1'.repeat(21) }, 'Phone: Must be at most 20 characters'],
    [{ Message: '' }, 'Message: Message is required'],
    [{ Message: 'x'.repeat(1001) }, 'Message: Must be at most 1000 characters'],
    [{ Message: 'Hello\u0000there' }, 'Message: Contains characters that are not allowed'],
    [{ FullName: 'Ann \u001b[31mSmith' }, 'FullName: Contains characters that are not allowed'],
    [{ FullName: undefined }, 'FullName: Full name is required'],
  ])('refuses %p with "%s" and stores nothing', async (change, message) => {
    const before = await backend.rowCount(supportMessages);
    const client = await new TestClient(backend).prime();
    const response = await client.call('POST', 'support/message', {
      body: { ...valid, ...change },
      headers: { 'X-Forwarded-For': '198.51.100.3' },
    });
    expect(response.status).toBe(400);
    expect(response.body.ErrorMessages[0].Message).toBe(message);
    expect(await backend.rowCount(supportMessages)).toBe(before);
  });

  it('throttles per IP address with 429 and Retry-After', async () => {
    const client = await new TestClient(backend).prime();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await client.call('POST', 'support/message', { body: valid, headers: { 'X-Forwarded-For': '198.51.100.9' } })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const pending = await backend.rowCount(outbox);
    expect(pending).toBeGreaterThan(0);
  });
});
