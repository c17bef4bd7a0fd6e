/**
 * Staff mail: each staff member opts into the events they want (sale, refund, failed renewal,
 * support message); the job mails one event on its own and several waiting at once as one
 * digest, in the staff member's language, each item linking to its page in the console.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { auditLog, jobRuns, staffNotifications, users } from '@/server/db/schema';
import { runJob, jobs } from '@/server/jobs/scheduler';
import { renewDueManualSubscriptions } from '@/server/services/billing/renewals';
import { purgeExpiredRecords, retention } from '@/server/services/platform/retention';
import { mailOrigin } from '@/server/email/outbox';
import { mailStaffNotifications, staffMailBatchMs } from '@/server/services/staff/notifications';
import { testCards } from '../support/test-cards';
import { buyWithTestCard, newCustomer, startTestBackend, type TestBackend, type TestClient } from './harness';
import { staffClient } from './staff-harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const day = 24 * 60 * 60_000;
const origin = () => mailOrigin(backend.config);

async function optedInStaff(events: string[], language = 'en') {
  const staff = await staffClient(backend, { passwordConfirmed: true });
  const saved = await staff.client.call('PUT', 'admin/me/notifications', { body: { Events: events } });
  expect(saved.status).toBe(200);
  await backend.database.db.update(users).set({ language }).where(eq(users.email, staff.email));
  return staff;
}

/** What waits for a staff member, oldest first. */
async function waitingFor(email: string) {
  const rows = await backend.database.db
    .select({ event: staffNotifications.event, targetType: staffNotifications.targetType, targetId: staffNotifications.targetId })
    .from(staffNotifications)
    .innerJoin(users, eq(users.id, staffNotifications.staffUserId))
    .where(and(eq(users.email, email), isNull(staffNotifications.mailedAt)))
    .orderBy(staffNotifications.createdAt);
  return rows;
}

/** The job once after the batching window, then the mail sender; answers what the address got. */
async function mailAfterWindow(email: string) {
  backend.clock.advance(staffMailBatchMs);
  await mailStaffNotifications(backend.deps);
  while ((await backend.deliverMail()) > 0);
  return backend.mail.to(email);
}

const sendSupportMessage = (client: TestClient, name: string, ip: string) =>
  client.call('POST', 'support/message', {
    body: { FullName: name, EmailAddress: 'writer@example.com', Phone: '', Message: 'Please call me back.' },
    headers: { 'X-Forwarded-For': ip },
  });

describe('staff notifications', () => {
  it('reads and saves each staff member’s own choice, audited; bad input is refused and changes nothing', async () => {
    const { client, email } = await staffClient(backend);
    expect((await client.call('GET', 'admin/me/notifications')).body).toEqual({ Events: [] });
    const saved = await client.call('PUT', 'admin/me/notifications', { body: { Events: ['support-message', 'sale'] } });
    expect(saved.status).toBe(200);
    const read = await client.call('GET', 'admin/me/notifications');
    expect(read.headers.get('Cache-Control')).toBe('no-store');
    // In the contract's order, whatever order they were sent in.
    expect(read.body).toEqual({ Events: ['sale', 'support-message'] });
    const [entry] = await backend.database.db.select().from(auditLog).where(eq(auditLog.id, saved.body.AuditKey));
    expect(entry).toMatchObject({
      action: 'staff.notifications.change',
      staffEmail: email,
      after: { events: ['sale', 'support-message'] },
    });
    // The same choice again changes nothing.
    expect(
      (await client.call('PUT', 'admin/me/notifications', { body: { Events: ['sale', 'support-message'] } })).body.AuditKey,
    ).toBeNull();

    for (const body of [{ Events: ['sales'] }, { Events: 'sale' }, {}]) {
      expect((await client.call('PUT', 'admin/me/notifications', { body })).status).toBe(400);
    }
    expect((await client.call('GET', 'admin/me/notifications')).body).toEqual({ Events: ['sale', 'support-message'] });
  });

  it('does not exist for a customer, nor before the second factor', async () => {
    const customer = await newCustomer(backend, 'notify-customer@example.com');
    expect((await customer.call('GET', 'admin/me/notifications')).status).toBe(404);
    expect((await customer.call('PUT', 'admin/me/notifications', { body: { Events: ['sale'] } })).status).toBe(404);
    const { client } = await staffClient(backend, { secondFactor: false });
    expect((await client.call('PUT', 'admin/me/notifications', { body: { Events: ['sale'] } })).status).toBe(403);
  });

  it('tells only the staff who opted into an event: one mail for one event, linking to its console page', async () => {
    const seller = await optedInStaff(['sale']);
    const refunds = await optedInStaff(['refund']);
    const quiet = await staffClient(backend);
    const buyer = await newCustomer(backend, 'notify-buyer@example.com');
    const { invoiceKey } = await buyWithTestCard(buyer, { 'pdf-workshop-pro-monthly': 1 });
    if (!invoiceKey) throw new Error('the purchase was not paid');

    expect(await waitingFor(seller.email)).toEqual([{ event: 'sale', targetType: 'invoice', targetId: invoiceKey }]);
    expect(await waitingFor(refunds.email)).toEqual([]);
    expect(await waitingFor(quiet.email)).toEqual([]);

    // Within the batching window nothing goes: more may come.
    expect(await mailStaffNotifications(backend.deps)).toBe(0);
    const [mail, ...more] = await mailAfterWindow(seller.email);
    expect(more).toEqual([]);
    expect(mail.subject).toMatch(/console: Sale of \$\d+\.\d\d, invoice \d{4}-\d{5}$/);
    expect(mail.text).toContain('Sale: notify-buyer@example.com paid $');
    expect(mail.html).toContain(`href="${origin()}/en/admin/invoices/${invoiceKey}"`);
    // Mailed once.
    expect(await waitingFor(seller.email)).toEqual([]);
    expect(await mailAfterWindow(seller.email)).toHaveLength(1);

    // Once mailed, the event is kept as long as sent mail is.
    const sellerId = (await backend.database.db.select().from(users).where(eq(users.email, seller.email)))[0].id;
    const kept = async () =>
      (
        await backend.database.db
          .select()
          .from(staffNotifications)
          .where(and(eq(staffNotifications.staffUserId, sellerId), eq(staffNotifications.targetId, invoiceKey)))
      ).length;
    await purgeExpiredRecords(backend.deps);
    expect(await kept()).toBe(1);
    backend.clock.advance(retention.sentMailMs);
    await purgeExpiredRecords(backend.deps);
    expect(await kept()).toBe(0);
  });

  it('batches events that wait at once into one digest, in the staff member’s language, an item and link each', async () => {
    const reader = await optedInStaff(['refund', 'support-message'], 'de');
    const buyer = await newCustomer(backend, 'notify-refunded@example.com');
    const { invoiceKey } = await buyWithTestCard(buyer, { 'pdf-workshop-pro-monthly': 1 });
    const refund = await reader.client.call('POST', `admin/invoices/${invoiceKey}/refund`, { body: { Amount: 500, Reason: 'Goodwill' } });
    expect(refund.status).toBe(200);
    backend.clock.advance(1000);
    await sendSupportMessage(buyer, 'Grace Hopper', '198.51.100.61');
    const waiting = await waitingFor(reader.email);
    expect(waiting.map((row) => row.event)).toEqual(['refund', 'support-message']);

    const [digest, ...more] = await mailAfterWindow(reader.email);
    expect(more).toEqual([]);
    expect(digest.subject).toMatch(/Konsole: 2 neue Ereignisse$/);
    expect(digest.text).toContain('Erstattung: $5.00 an notify-refunded@example.com für Rechnung');
    expect(digest.text).toContain('Support-Nachricht von Grace Hopper (writer@example.com).');
    expect(digest.html).toContain(`href="${origin()}/de/admin/invoices/${invoiceKey}"`);
    expect(digest.html).toContain(`href="${origin()}/de/admin/support/${waiting[1].targetId}"`);
  });

  it('tells of a failed renewal, linking to its unpaid invoice', async () => {
    const customer = await newCustomer(backend, 'notify-renewal@example.com');
    await buyWithTestCard(customer, { 'personal-health-plus-monthly': 1 }, testCards.renewalFails);
    backend.clock.advance(32 * day);
    // The staff member opts in now: staff sessions end after half an hour without use.
    const watcher = await optedInStaff(['renewal-failed'], 'ru');
    await renewDueManualSubscriptions(backend.deps);
    const [waiting] = await waitingFor(watcher.email);
    expect(waiting).toMatchObject({ event: 'renewal-failed', targetType: 'invoice' });

    const [mail] = await mailAfterWindow(watcher.email);
    expect(mail.subject).toContain('Продление не удалось: Personal Health Plus');
    expect(mail.text).toContain('notify-renewal@example.com');
    expect(mail.html).toContain(`href="${origin()}/ru/admin/invoices/${waiting.targetId}"`);
  });

  it('drops what waits for someone who lost the role or opted out since', async () => {
    const leaving = await optedInStaff(['support-message']);
    const changing = await optedInStaff(['support-message']);
    const sender = await newCustomer(backend, 'notify-sender@example.com');
    await sendSupportMessage(sender, 'Alan Turing', '198.51.100.62');
    await backend.database.db.update(users).set({ role: null }).where(eq(users.email, leaving.email));
    await changing.client.call('PUT', 'admin/me/notifications', { body: { Events: ['sale'] } });
    expect(await mailAfterWindow(leaving.email)).toEqual([]);
    expect(await mailAfterWindow(changing.email)).toEqual([]);
    expect(await waitingFor(changing.email)).toEqual([]);
  });

  it('runs as a scheduled job whose runs are recorded', async () => {
    const job = jobs.find((candidate) => candidate.name === 'staff-notifications');
    expect(job).toBeDefined();
    const run = await runJob(backend.deps, job!);
    expect(run.outcome).toBe('ok');
    const [recorded] = await backend.database.db.select().from(jobRuns).where(eq(jobRuns.job, 'staff-notifications'));
    expect(recorded).toMatchObject({ outcome: 'ok' });
  });
});
