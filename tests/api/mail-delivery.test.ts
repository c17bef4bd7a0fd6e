import { eq, like } from 'drizzle-orm';
import net from 'node:net';
import { outbox } from '@/server/db/schema';
import { createMailer } from '@/server/email/mailer';
import { deliverDueMail, maxAttempts } from '@/server/email/outbox';
import { signedUpClient, startTestBackend, TestClient, type TestBackend } from './harness';

/** An SMTP server that takes the connection and never says a word. */
async function silentMailServer() {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

let backend: TestBackend;
let silent: Awaited<ReturnType<typeof silentMailServer>>;
let customer: TestClient;
beforeAll(async () => {
  backend = await startTestBackend();
  // Signed up while mail still works; from here on the mail server never answers.
  customer = await signedUpClient(backend, 'waiting@example.com');
  silent = await silentMailServer();
  backend.deps.mailer = createMailer({
    smtpUrl: silent.url,
    mailDir: '',
    mail: backend.config.mail,
    timeoutsMs: { connection: 1_500, greeting: 1_500, socket: 1_500 },
  });
});
afterAll(async () => {
  await silent.close();
  await backend.close();
});

const queueOneMail = async (client: TestClient, n: number) => {
  const response = await client.call('POST', 'support/message', {
    body: { FullName: `Sender ${n}`, EmailAddress: 'sender@example.com', Message: 'Hello' },
    headers: { 'X-Forwarded-For': `198.51.100.${60 + n}` },
  });
  expect(response.status).toBe(200);
};

describe(`mail delivery to a server that never answers (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('holds no transaction or lock while it waits: other calls and a write of the same mail go first', async () => {
    await backend.deliverMail();
    await queueOneMail(await new TestClient(backend).prime(), 1);
    const [queued] = await backend.database.db.select().from(outbox).where(like(outbox.subject, 'Support message%'));
    const delivery = deliverDueMail(backend.deps);
    // The sender has claimed the mail and now waits for the silent server (its timeouts above).
    while ((await backend.database.db.select().from(outbox).where(eq(outbox.id, queued.id)))[0].attempts === 0);
    const others = Promise.all([
      // Reads the session and the cart from the database.
      customer.call('GET', 'store/cart').then((answer) => expect(answer.status).toBe(200)),
      // A row lock held by the sender would hold this write until the mail server gave up.
      backend.database.db.update(outbox).set({ replyTo: 'probe@example.com' }).where(eq(outbox.id, queued.id)),
    ]);
    const first = await Promise.race([others.then(() => 'the other calls'), delivery.then(() => 'the sender')]);
    expect(first).toBe('the other calls');
    expect(await delivery).toBe(0);
    const [row] = await backend.database.db.select().from(outbox).where(eq(outbox.id, queued.id));
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lastError: expect.stringMatching(/greeting|timeout/i) });
  });

  it('marks a mail failed after its last attempt, and tries it no more', async () => {
    const [row] = await backend.database.db.select().from(outbox).where(like(outbox.subject, 'Support message%'));
    await backend.database.db
      .update(outbox)
      .set({ attempts: maxAttempts - 1, sendAfter: new Date(0) })
      .where(eq(outbox.id, row.id));
    expect(await deliverDueMail(backend.deps)).toBe(0);
    const [failed] = await backend.database.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(failed).toMatchObject({ attempts: maxAttempts, sentAt: null, failedAt: expect.any(Date) });
    await backend.database.db
      .update(outbox)
      .set({ sendAfter: new Date(0) })
      .where(eq(outbox.id, row.id));
    expect(await deliverDueMail(backend.deps)).toBe(0);
    expect((await backend.database.db.select().from(outbox).where(eq(outbox.id, row.id)))[0].attempts).toBe(maxAttempts);
    // Counted where an operator looks.
    expect((await (await backend.app.request('/api/health')).json()).Mail).toEqual({ Waiting: 0, Failed: 1, OldestWaitingSeconds: 0 });
  });
});
