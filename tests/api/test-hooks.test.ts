import { eq } from 'drizzle-orm';
import { XSRF_HEADER } from '@/lib/contract/http';
import { users } from '@/server/db/schema';
import { buyWithTestCard, newCustomer, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';

/* The e2e-only renewal hook (TEST_HOOKS=on): absent by default, and with it a renewal through the real job. */

/** A new user who bought a monthly subscription with the success card. */
async function buyer(backend: TestBackend, email: string) {
  const client = await newCustomer(backend, email);
  await buyWithTestCard(client, { 'personal-health-plus-monthly': 1 });
  return client;
}

describe('without TEST_HOOKS', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend.close());

  it('the account call does not exist', async () => {
    const client = await new TestClient(backend).prime();
    expect((await client.call('POST', 'test/account', { body: { UserName: 'x@example.com', Password: strongPassword } })).status).toBe(404);
  });

  it('the hook does not exist and nothing renews', async () => {
    const client = await buyer(backend, 'no-hook@example.com');
    const response = await client.call('POST', 'test/renewal-run');
    expect(response.status).toBe(404);
    expect((await client.call('GET', 'license/subscriptions')).body).toHaveLength(1);
  });
});

describe('with TEST_HOOKS=on', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ TEST_HOOKS: 'on' });
  });
  afterAll(() => backend.close());

  it('renews the caller’s subscriptions now, and no one else’s', async () => {
    const bystander = await buyer(backend, 'bystander@example.com');
    const client = await buyer(backend, 'hook@example.com');
    const [before] = (await client.call('GET', 'license/subscriptions')).body;

    const run = await client.call('POST', 'test/renewal-run');
    expect(run.status).toBe(200);
    expect(run.body).toEqual({ Renewed: 1 });

    const list = (await client.call('GET', 'license/subscriptions')).body;
    expect(list).toHaveLength(2);
    const old = list.find((s: { Key: string }) => s.Key === before.Key);
    const current = list.find((s: { Key: string }) => s.Key !== before.Key);
    expect(old).toMatchObject({ IsRenewed: true, IsActive: false, HasExpired: true, NextRenewalDate: null });
    expect(current).toMatchObject({ IsActive: true, IsRenewed: false, EffectiveDate: old.ExpirationDate });
    expect(new Date(current.ExpirationDate).getTime() - new Date(current.EffectiveDate).getTime()).toBeGreaterThanOrEqual(
      28 * 24 * 3600_000,
    );
    expect((await client.call('GET', 'billing/invoices')).body).toHaveLength(2);

    expect((await bystander.call('GET', 'license/subscriptions')).body).toHaveLength(1);
    expect((await bystander.call('GET', 'billing/invoices')).body).toHaveLength(1);
  });

  it('creates a logged-in customer without the mailed code, once per address; the password logs in', async () => {
    const client = await new TestClient(backend).prime();
    const made = await client.call('POST', 'test/account', {
      body: { UserName: 'Made@Example.com', Password: strongPassword, Language: 'de' },
    });
    expect(made.status).toBe(200);
    expect(made.body.SessionInfo).toMatchObject({ UserName: 'made@example.com' });
    expect((await client.call('GET', 'auth/session-info')).body.UserName).toBe('made@example.com');
    const [stored] = await backend.database.db.select().from(users).where(eq(users.email, 'made@example.com'));
    expect(stored).toMatchObject({ language: 'de', displayName: null });
    await backend.deliverMail();
    expect(backend.mail.to('made@example.com')).toEqual([]);
    const again = await new TestClient(backend).prime();
    expect((await again.call('POST', 'test/account', { body: { UserName: 'made@example.com', Password: strongPassword } })).status).toBe(
      400,
    );
    expect((await again.call('POST', 'test/account', { body: { UserName: 'weak@example.com', Password: 'short' } })).status).toBe(400);
    const login = await again.call('POST', 'auth/login', {
      body: { UserName: 'made@example.com', Password: strongPassword, CookieConsent: null },
    });
    expect(login.status).toBe(200);
  });

  it('needs a session and the XSRF header like every other call', async () => {
    const client = await buyer(backend, 'hook-xsrf@example.com');
    expect((await client.call('POST', 'test/renewal-run', { headers: { [XSRF_HEADER]: 'not-the-token' } })).status).toBe(403);
  });
});
