/**
 * Sessions end after a period without use (SESSION_IDLE_MINUTES) as well as at their absolute
 * limit; every call made with the session counts as use.
 */
import { eq } from 'drizzle-orm';
import { sessions, users } from '@/server/db/schema';
import { newCustomer, startTestBackend, type TestBackend } from './harness';

const minute = 60_000;
let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend({ SESSION_IDLE_MINUTES: '30' });
});
afterAll(() => backend.close());

const userName = async (client: Awaited<ReturnType<typeof newCustomer>>) => (await client.call('GET', 'auth/session-info')).body.UserName;

describe('session idle timeout', () => {
  it('ends a session unused for the idle period', async () => {
    const client = await newCustomer(backend, 'idle@example.com');
    backend.clock.advance(29 * minute);
    expect(await userName(client)).toBe('idle@example.com');
    backend.clock.advance(31 * minute);
    expect(await userName(client)).toBeFalsy();
    expect((await client.call('GET', 'billing/invoices')).status).toBe(401);
  });

  it('keeps a session in use alive past the idle period', async () => {
    const client = await newCustomer(backend, 'busy@example.com');
    for (let used = 0; used < 3 * 60; used += 20) {
      backend.clock.advance(20 * minute);
      expect(await userName(client)).toBe('busy@example.com');
    }
    // Three hours of use, but each call came within the idle period of the one before.
    const [row] = await backend.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, (await backend.database.db.select().from(users).where(eq(users.email, 'busy@example.com')))[0].id));
    expect(backend.clock.now().getTime() - row.lastSeenAt.getTime()).toBeLessThan(30 * minute);
  });
});
