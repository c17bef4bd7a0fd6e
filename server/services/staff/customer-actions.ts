import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CustomerAccount, CustomerMessageRequest, CustomerNote, SentMessage } from '../../../lib/contract/admin-customer-actions';
import type { BillingInfo } from '../../../lib/contract/store';
import type { Db } from '../../db/database';
import { auditLog, carts, customerNotes, invoices, outbox, payments, sessions } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { queueMail } from '../../email/outbox';
import { ApiError } from '../../errors';
import type { StaffSession } from '../accounts/sessions';
import { findCustomer } from '../accounts/customers-admin';
import { removeSecondFactor } from '../accounts/second-factor';
import { queueReceiptCopy } from '../billing/mail';
import { pickLanguage } from '../platform/language';
import { replaceCartBilling } from '../store/cart';
import { recordAudit } from './audit';

/** The most notes and sent messages a customer's page lists, newest first. */
const listedNotes = 100;
const listedMessages = 50;

const messageAction = 'customer.message';
/** The outbox's key of a message staff wrote: its audit entry's, so the page can say whether it went. */
const messageMailKey = (auditKey: string) => `customer-message:${auditKey}`;

export async function customerNotesOf(db: Db, customerId: string): Promise<CustomerNote[]> {
  await findCustomer(db, customerId);
  const rows = await db
    .select()
    .from(customerNotes)
    .where(eq(customerNotes.userId, customerId))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
    .limit(listedNotes);
  return rows.map((row) => ({
    Key: row.id,
    Body: row.body,
    StaffEmailAddress: row.staffEmail,
    CreatedDate: row.createdAt.toISOString(),
  }));
}

/** A note only staff see; the audit entry holds its words too. */
export async function addCustomerNote(deps: BackendDeps, staff: StaffSession, customerId: string, body: string): Promise<string> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    await findCustomer(tx, customerId);
    const [note] = await tx
      .insert(customerNotes)
      .values({ userId: customerId, staffUserId: staff.user.id, staffEmail: staff.user.email, body, createdAt: clock.now() })
      .returning({ id: customerNotes.id });
    return recordAudit(tx, clock, staff, {
      action: 'customer.note',
      targetType: 'customer',
      targetId: customerId,
      after: { note: note.id, body },
    });
  });
}

/** The mail staff wrote to a customer, as their audit entries keep them, with where each is in the outbox. */
export async function sentMessagesOf(db: Db, customerId: string): Promise<SentMessage[]> {
  await findCustomer(db, customerId);
  const entries = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'customer'), eq(auditLog.targetId, customerId), eq(auditLog.action, messageAction)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(listedMessages);
  const keys = entries.map((entry) => messageMailKey(entry.id));
  const mails = keys.length
    ? await db
        .select({ eventKey: outbox.eventKey, sentAt: outbox.sentAt, failedAt: outbox.failedAt })
        .from(outbox)
        .where(inArray(outbox.eventKey, keys))
    : [];
  return entries.map((entry) => {
    const mail = mails.find((row) => row.eventKey === messageMailKey(entry.id));
    return {
      Key: entry.id,
      Subject: String(entry.after?.subject ?? ''),
      Body: String(entry.after?.body ?? ''),
      StaffEmailAddress: entry.staffEmail,
      CreatedDate: entry.at.toISOString(),
      Delivery: mail?.sentAt ? 'sent' : mail?.failedAt ? 'failed' : 'queued',
    };
  });
}

/** A mail from staff to the customer, in the outbox; replies go to the support inbox. */
export async function sendCustomerMessage(
  deps: BackendDeps,
  staff: StaffSession,
  customerId: string,
  message: Required<CustomerMessageRequest>,
): Promise<string> {
  const { db, clock } = deps;
  const auditKey = await db.transaction(async (tx) => {
    const customer = await findCustomer(tx, customerId);
    const key = await recordAudit(tx, clock, staff, {
      action: messageAction,
      targetType: 'customer',
      targetId: customerId,
      after: { to: customer.email, subject: message.Subject, body: message.Body },
    });
    await queueMail(tx, deps, {
      to: customer.email,
      kind: 'staffMessage',
      language: pickLanguage(customer.language),
      values: { subject: message.Subject, message: message.Body },
      replyTo: deps.config.mail.supportInbox,
      eventKey: messageMailKey(key),
    });
    return key;
  });
  deps.kickOutbox();
  return auditKey;
}

type Cart = typeof carts.$inferSelect;

/** The cart's billing details as the contract words them; null until the customer (or staff) gave them. */
function billingOf(cart: Cart | undefined): BillingInfo | null {
  if (!cart?.billingName || !cart.billingAddress1 || !cart.billingCity || !cart.billingPostalCode || !cart.billingCountryCode) return null;
  return {
    Name: cart.billingName,
    Address1: cart.billingAddress1,
    Address2: cart.billingAddress2,
    City: cart.billingCity,
    StateCode: cart.billingStateCode,
    PostalCode: cart.billingPostalCode,
    CountryCode: cart.billingCountryCode,
    IsBusinessPurchase: cart.isBusinessPurchase,
    CompanyName: cart.billingCompanyName,
    TaxId: cart.billingTaxId,
    PurchaseOrder: cart.purchaseOrder,
  };
}

export async function customerAccount(db: Db, customerId: string): Promise<CustomerAccount> {
  const customer = await findCustomer(db, customerId);
  const [cart] = await db.select().from(carts).where(eq(carts.userId, customerId));
  return { Billing: billingOf(cart), TwoStepEnabled: customer.totpEnabledAt !== null };
}

/** The billing details the customer's next invoices are made with (their cart's), before and after in the audit log. */
export async function changeCustomerBilling(
  deps: BackendDeps,
  staff: StaffSession,
  customerId: string,
  billing: BillingInfo,
): Promise<string> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    await findCustomer(tx, customerId, true);
    const [before] = await tx.select().from(carts).where(eq(carts.userId, customerId));
    const after = await replaceCartBilling(tx, customerId, billing);
    return recordAudit(tx, clock, staff, {
      action: 'customer.billing.change',
      targetType: 'customer',
      targetId: customerId,
      before: billingOf(before),
      after: billingOf(after),
    });
  });
}

/** The receipt of a paid invoice again, with its PDF, to the customer's address now. */
export async function resendReceipt(deps: BackendDeps, staff: StaffSession, invoiceId: string): Promise<string> {
  const { db, clock } = deps;
  const auditKey = await db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice) throw new ApiError(404, { key: 'notFound' });
    if (!invoice.fullyPaidAt || invoice.isVoid) throw new ApiError(409, { key: 'receiptNotPaid' });
    const customer = await findCustomer(tx, invoice.userId);
    // The receipt names the day the money came, as the first one did.
    const [payment] = await tx
      .select({ paidAt: payments.paidAt })
      .from(payments)
      .where(and(eq(payments.invoiceId, invoiceId), eq(payments.isPayment, true)))
      .orderBy(payments.paidAt)
      .limit(1);
    const key = await recordAudit(tx, clock, staff, {
      action: 'invoice.receipt.resend',
      targetType: 'invoice',
      targetId: invoiceId,
      after: { number: invoice.number, to: customer.email },
    });
    await queueReceiptCopy(tx, deps, invoice, payment?.paidAt ?? invoice.fullyPaidAt, key);
    return key;
  });
  deps.kickOutbox();
  return auditKey;
}

/**
 * For a customer who lost their authenticator: two-step sign-in off (secret and recovery codes
 * forgotten), every session ended, the customer told by mail. A staff account's is reset on
 * the server (`npm run staff -- reset-second-factor`), which the console's own rules rely on.
 */
export async function resetCustomerTwoStep(deps: BackendDeps, staff: StaffSession, customerId: string): Promise<string> {
  const { db, clock } = deps;
  const auditKey = await db.transaction(async (tx) => {
    const customer = await findCustomer(tx, customerId, true);
    if (customer.role) throw new ApiError(409, { key: 'twoStepResetStaff' });
    if (!customer.totpEnabledAt) throw new ApiError(409, { key: 'twoStepAlreadyOff' });
    await removeSecondFactor(tx, customerId);
    await tx.delete(sessions).where(eq(sessions.userId, customerId));
    await queueMail(tx, deps, { to: customer.email, kind: 'twoStepReset', language: pickLanguage(customer.language), values: {} });
    return recordAudit(tx, clock, staff, {
      action: 'customer.two-step.reset',
      targetType: 'customer',
      targetId: customerId,
      before: { twoStep: true },
      after: { twoStep: false },
    });
  });
  deps.kickOutbox();
  return auditKey;
}
