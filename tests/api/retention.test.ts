/**
 * The retention job deletes what the privacy policy says is not kept: expired and idle
 * sessions, used-up codes and restore links, old throttling counters and sent mail, and
 * keeps everything still in use.
 */
import { eq } from 'drizzle-orm';
import { brand } from '@/lib/config';
import { emailRestores, outbox, rateLimits, sessions, users, verificationCodes } from '@/server/db/schema';
import { loadBackendConfig } from '@/server/config';
import { purgeExpiredRecords, retention } from '@/server/services/platform/retention';
import de from '@/messages/legal/de.json';
import en from '@/messages/legal/en.json';
import ru from '@/messages/legal/ru.json';
import { sessionLifetimeMs } from '@/server/services/accounts/sessions';
import { codeFrom } from './mail-sink';
import { newCustomer, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';

const legal = { en, de, ru };
const hour = 60 * 60_000;
const day = 24 * hour;
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({ SESSION_IDLE_MINUTES: String(3 * 24 * 60) });
});
afterAll(() => backend.close());

const count = (table: Parameters<TestBackend['rowCount']>[0]) => backend.rowCount(table);

describe('retention purge', () => {
  it('deletes each kind of record once it is past its retention, and nothing still in use', async () => {
    const db = backend.database.db;
    // A customer who signed up (a code, a sent mail, throttling counters), then changed the address (a restore link).
    const leaving = await newCustomer(backend, 'leaving@example.com');
    await leaving.call('PUT', 'user/email', { body: { NewEmailAddress: 'left@example.com', CurrentPassword: strongPassword } });
    await backend.deliverMail();
    expect(
      (
        await leaving.call('PUT', 'user/email', {
          body: { NewEmailAddress: 'left@example.com', CurrentPassword: strongPassword, Code: codeFrom(backend.mail, 'left@example.com') },
        })
      ).status,
    ).toBe(200);
    await backend.deliverMail();
    expect(await count(verificationCodes)).toBeGreaterThan(0);
    expect(await count(rateLimits)).toBeGreaterThan(0);
    expect(await count(outbox)).toBeGreaterThan(0);

    // Nothing has expired yet.
    expect(await purgeExpiredRecords(backend.deps)).toBe(0);

    // Two days on: codes (15 minutes) and throttling counters are past their retention; the mail and the session are not.
    backend.clock.advance(2 * day);
    await purgeExpiredRecords(backend.deps);
    expect(await count(verificationCodes)).toBe(0);
    expect(await count(rateLimits)).toBe(0);
    expect(await count(sessions)).toBe(1);
    expect(await count(outbox)).toBeGreaterThan(0);
    expect(await count(emailRestores)).toBe(1);

    // A session in use stays; one unused past the idle period and a day goes. Sent mail goes after its retention.
    const staying = await newCustomer(backend, 'staying@example.com');
    for (let waited = 0; waited < retention.sentMailMs; waited += 2.5 * day) {
      backend.clock.advance(2.5 * day);
      expect((await staying.call('GET', 'auth/session-info')).body.UserName).toBe('staying@example.com');
    }
    await backend.deliverMail();
    await purgeExpiredRecords(backend.deps);
    const [stayer] = await db.select().from(users).where(eq(users.email, 'staying@example.com'));
    expect((await db.select().from(sessions)).map((row) => row.userId)).toEqual([stayer.id]);
    expect(await count(emailRestores)).toBe(0);
    const mail = await db.select().from(outbox);
    expect(mail.every((row) => row.sentAt && row.sentAt.getTime() > backend.clock.now().getTime() - retention.sentMailMs)).toBe(true);
  });

  it('keeps mail that failed for its own period, then deletes it', async () => {
    const db = backend.database.db;
    await new TestClient(backend).prime().then((client) =>
      client.call('POST', 'support/message', {
        body: { FullName: 'Failing', EmailAddress: 'fail@example.com', Message: 'Hi' },
        headers: { 'X-Forwarded-For': '198.51.100.9' },
      }),
    );
    await db.update(outbox).set({ failedAt: backend.clock.now(), lastError: 'refused' }).where(eq(outbox.recipient, brand.supportEmail));
    const failed = (await db.select().from(outbox)).filter((row) => row.failedAt);
    expect(failed.length).toBeGreaterThan(0);
    backend.clock.advance(retention.sentMailMs + day);
    await purgeExpiredRecords(backend.deps);
    expect((await db.select().from(outbox)).filter((row) => row.failedAt)).toHaveLength(failed.length);
    backend.clock.advance(retention.failedMailMs);
    await purgeExpiredRecords(backend.deps);
    expect((await db.select().from(outbox)).filter((row) => row.failedAt)).toHaveLength(0);
  });

  it('does what the privacy policy says, in every language', () => {
    const defaults = loadBackendConfig({});
    // "Within a day" in every language.
    expect(retention.expiredMs).toBe(day);
    const figures = {
      en: [
        `${defaults.sessionIdleMs / hour} hours`,
        `${sessionLifetimeMs / day} days`,
        'within a day',
        `${retention.sentMailMs / day} days`,
        `${retention.failedMailMs / day} days`,
      ],
      de: [
        `${defaults.sessionIdleMs / hour} Stunden`,
        `${sessionLifetimeMs / day} Tagen`,
        'eines Tages',
        `${retention.sentMailMs / day} Tage`,
        `${retention.failedMailMs / day} Tage`,
      ],
      ru: [
        `${defaults.sessionIdleMs / hour} часов`,
        `${sessionLifetimeMs / day} дней`,
        'суток',
        `${retention.sentMailMs / day} дней`,
        `${retention.failedMailMs / day} дней`,
      ],
    };
    for (const [language, words] of Object.entries(figures)) {
      const policy = JSON.stringify(legal[language as keyof typeof legal].legal.privacyPolicy.sections);
      for (const word of words) expect(policy).toContain(word);
    }
  });
});
