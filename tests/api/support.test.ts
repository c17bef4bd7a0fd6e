import { eq } from 'drizzle-orm';
import { brand } from '@/lib/config';
import { outbox, supportMessages } from '@/server/db/schema';
import { limits } from '@/server/services/platform/rate-limit';
import { newCustomer, startTestBackend, TestClient, testPoolSize, type TestBackend } from './harness';
import { grantRole } from './staff-harness';

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

  it('takes a most per hour from all senders together, then refuses everyone and tells each owner once', async () => {
    const flooded = await startTestBackend();
    try {
      const owner = await newCustomer(flooded, 'owner-flood@example.com');
      await owner.call('GET', 'auth/session-info', { headers: { 'Accept-Language': 'de' } });
      await grantRole(flooded, 'owner-flood@example.com', 'owner');
      const client = await new TestClient(flooded).prime();
      // Each from its own address, so no per-address limit stops them.
      const send = (n: number) =>
        client.call('POST', 'support/message', { body: valid, headers: { 'X-Forwarded-For': `10.${n >> 8}.${n & 255}.1` } });
      // Many at once, as a flood comes (a few per pooled connection, so none waits out the pool's
      // limit): exactly the most is taken, and only one is turned away.
      const answers: Awaited<ReturnType<typeof send>>[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: testPoolSize * 4 }, async () => {
          while (next <= limits.supportAllSenders.max) {
            const n = next++;
            answers[n] = await send(n);
          }
        }),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(limits.supportAllSenders.max);
      const refused = answers.find((answer) => answer.status !== 200)!;
      expect(refused.status).toBe(429);
      expect(refused.body.ErrorMessages).toEqual([
        {
          Message: 'The contact form is taking too many messages right now. Please try again in an hour, or write to us by email.',
          Code: 'supportBusy',
        },
      ]);
      expect(await flooded.rowCount(supportMessages)).toBe(limits.supportAllSenders.max);
      // Queued for the owner once, in the owner's language (sending two hundred mails is another test's matter).
      const told = await flooded.database.db.select().from(outbox).where(eq(outbox.recipient, 'owner-flood@example.com'));
      expect(told.map((mail) => mail.subject)).toEqual(['Das Kontaktformular von Bluebonnet hat sein Stundenlimit erreicht']);
      flooded.clock.advance(limits.supportAllSenders.windowMs);
      expect((await send(999)).status).toBe(200);
    } finally {
      await flooded.close();
    }
  });
});

describe('the mail settings', () => {
  it('sends from MAIL_FROM, to the SUPPORT_INBOX, with Message-IDs of MAIL_MESSAGE_ID_DOMAIN', async () => {
    const configured = await startTestBackend({
      MAIL_FROM: 'hello@mail.example.org',
      SUPPORT_INBOX: 'inbox@example.org',
      MAIL_MESSAGE_ID_DOMAIN: 'ids.example.org',
    });
    try {
      const client = await new TestClient(configured).prime();
      expect((await client.call('POST', 'support/message', { body: valid, headers: { 'X-Forwarded-For': '198.51.100.40' } })).status).toBe(
        200,
      );
      await configured.deliverMail();
      const [mail] = configured.mail.to('inbox@example.org');
      expect(mail).toMatchObject({ from: '"Bluebonnet" <hello@mail.example.org>', replyTo: 'ann@example.com' });
      expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@ids\.example\.org>$/);
      expect(configured.mail.to(brand.supportEmail)).toEqual([]);
    } finally {
      await configured.close();
    }
  });

  it('without them, sends from and to the brand’s support address, with Message-IDs of its domain', async () => {
    const client = await new TestClient(backend).prime();
    expect((await client.call('POST', 'support/message', { body: valid, headers: { 'X-Forwarded-For': '198.51.100.41' } })).status).toBe(
      200,
    );
    await backend.deliverMail();
    const mail = backend.mail.to(brand.supportEmail).at(-1)!;
    expect(mail.from).toBe(`"Bluebonnet" <${brand.supportEmail}>`);
    expect(mail.messageId).toMatch(new RegExp(`@${brand.supportEmail.split('@')[1].replace(/\./g, '\\.')}>$`));
  });
});
