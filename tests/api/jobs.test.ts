/**
 * Background jobs on several backends sharing one database: every mail is sent once, every
 * renewal happens once, every due account is erased once. The second backend opens its own
 * connection pool on PostgreSQL (on PGlite, one process owns the database, so it shares it).
 */
import { assembleBackend, type Backend } from '@/server/backend';
import { openDatabase } from '@/server/db/database';
import { outbox, subscriptions, users } from '@/server/db/schema';
import { deliverDueMail } from '@/server/email/outbox';
import { startJobs } from '@/server/jobs/scheduler';
import { createMailer } from '@/server/email/mailer';
import { deletionGraceMs, purgeDueAccounts } from '@/server/services/accounts/accounts';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import { buyWithTestCard, logInAgain, newCustomer, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';

let backend: TestBackend;
let second: Backend;
beforeAll(async () => {
  backend = await startTestBackend();
  const database = backend.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: backend.databaseUrl, poolSize: 4 })
    : { ...backend.database, close: async () => {} };
  second = assembleBackend(database, backend.config, {
    clock: backend.clock,
    mailer: createMailer({ smtpUrl: backend.mail.url, mailDir: '', mail: backend.config.mail }),
  });
});
afterAll(async () => {
  await second.close();
  await backend.close();
});

const day = 24 * 60 * 60_000;

describe(`jobs on two backends (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('sends every queued mail exactly once', async () => {
    const client = await new TestClient(backend).prime();
    for (let i = 0; i < 12; i++) {
      await client.call('POST', 'support/message', {
        body: { FullName: `Sender ${i}`, EmailAddress: 'sender@example.com', Message: `Message number ${i}` },
        headers: { 'X-Forwarded-For': `198.51.100.${i}` },
      });
    }
    const before = backend.mail.received.length;
    const sent = await Promise.all([
      deliverDueMail(backend.deps),
      deliverDueMail(second.deps),
      deliverDueMail(backend.deps),
      deliverDueMail(second.deps),
    ]);
    await Promise.all([deliverDueMail(backend.deps), deliverDueMail(second.deps)]);
    const subjects = backend.mail.received.slice(before).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('Support message from Sender'))).toHaveLength(12);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(sent.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(subjects.length);
    expect(await backend.rowCount(outbox)).toBeGreaterThan(0);
  });

  it('renews each due subscription once', async () => {
    const buyers = await Promise.all(
      ['a', 'b', 'c'].map(async (name) => {
        const client = await newCustomer(backend, `jobs-${name}@example.com`);
        await buyWithTestCard(client, { 'pdf-workshop-pro-monthly': 2 });
        return client;
      }),
    );
    const before = await backend.rowCount(subscriptions);
    backend.clock.advance(32 * day);
    await Promise.all([
      renewDueManualSubscriptions(backend.deps),
      renewDueManualSubscriptions(second.deps),
      renewDueManualSubscriptions(second.deps),
    ]);
    const after = await backend.rowCount(subscriptions);
    expect(after - before).toBe(3);
    // Each customer's subscription of 2 renews once, on one invoice, whichever run took it.
    for (const [index, client] of buyers.entries()) {
      await logInAgain(client, `jobs-${'abc'[index]}@example.com`);
      const [renewal] = (await client.call('GET', 'billing/invoices')).body;
      expect((await client.call('GET', 'billing/invoices')).body).toHaveLength(2);
      expect(renewal.LineItems.map((line: { Key: string; Quantity: number }) => [line.Key, line.Quantity])).toEqual([
        ['pdf-workshop-pro-monthly', 2],
      ]);
    }
  });

  it('erases each due account once', async () => {
    const client = await newCustomer(backend, 'jobs-leaving@example.com');
    await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } });
    backend.clock.advance(deletionGraceMs + day);
    const erased = await Promise.all([purgeDueAccounts(backend.deps), purgeDueAccounts(second.deps)]);
    expect(erased.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('runs every job soon after start, not only after its interval', async () => {
    const client = await newCustomer(backend, 'jobs-restart@example.com');
    await client.call('PUT', 'user/delete-account', { body: { CurrentPassword: strongPassword } });
    backend.clock.advance(deletionGraceMs + day);
    const accounts = async () => (await backend.database.db.select({ email: users.email }).from(users)).map((row) => row.email);
    expect(await accounts()).toContain('jobs-restart@example.com');
    // The purge runs hourly; a process that starts now erases the due account at once.
    const scheduler = startJobs(backend.deps, { firstRunAfterMs: 50 });
    try {
      for (let waited = 0; (await accounts()).includes('jobs-restart@example.com') && waited < 5_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await accounts()).not.toContain('jobs-restart@example.com');
    } finally {
      await scheduler.stop();
    }
  });
});
