import { asc, desc, eq, inArray, or } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { brand } from '../../../lib/config';
import type { Invoice } from '../../../lib/contract/billing';
import type { AccountData } from '../../../lib/contract/data-export';
import { invoiceStatus, subscriptionState } from '../../../lib/contract/presentation';
import { groupBy } from '../../../lib/group-by';
import { invoices, sessions, supportMessages, supportReplies } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { describeError } from '../../errors';
import { toJsonText, type JsonText } from '../../json-text';
import { findCardOnFile } from '../billing/card-on-file';
import { invoicePdf } from '../billing/invoice-documents';
import { toInvoiceModels } from '../billing/invoices';
import { listOwnSubscriptions, toSubscriptionModel } from '../billing/subscriptions';
import type { ApiLanguage } from '../platform/language';
import { limits } from '../platform/rate-limit';
import type { ActiveSession } from './sessions';

/*
 * "Your data" (docs/product/accounts.md#your-data): a copy of what the account holds, as JSON or
 * as a ZIP with every invoice's PDF. The ZIP is made while it downloads, one file at a time, so
 * neither the server nor a large account needs a background job and a mailed link.
 */

/** What one copy holds: the data, and the invoices as the PDF renderer takes them (without the data's Status). */
export interface AccountExport {
  data: AccountData;
  invoices: Invoice[];
}

/** Counts one copy against the account's allowance (429 once used up), then reads everything in the reader's language. */
export async function exportAccountData(deps: BackendDeps, session: ActiveSession, language: ApiLanguage): Promise<AccountExport> {
  const { db, clock } = deps;
  const { user } = session;
  await deps.rateLimiter.hit(`data-export:user:${user.id}`, limits.dataExportsPerAccount, 'tooManyDataExports');
  const now = clock.now();
  const [invoiceRows, subscriptionRows, messages, sessionRows, card] = await Promise.all([
    // Every invoice, the unpaid one of a checkout left unfinished too: the billing list hides only that one.
    db.select().from(invoices).where(eq(invoices.userId, user.id)).orderBy(desc(invoices.createdAt), desc(invoices.number)),
    listOwnSubscriptions(db, user.id),
    // The account's address was proven with a mailed code, so messages sent from it are the owner's, as are support's replies to it.
    db
      .select()
      .from(supportMessages)
      .where(or(eq(supportMessages.userId, user.id), eq(supportMessages.emailAddress, user.email)))
      .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id)),
    db
      .select({
        tokenHash: sessions.tokenHash,
        userAgent: sessions.userAgent,
        clientAddress: sessions.clientAddress,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.lastSeenAt)),
    findCardOnFile(db, user.id),
  ]);
  const [invoiceModels, replies] = await Promise.all([
    toInvoiceModels(deps, invoiceRows, language),
    messages.length
      ? db
          .select()
          .from(supportReplies)
          .where(
            inArray(
              supportReplies.messageId,
              messages.map((message) => message.id),
            ),
          )
          .orderBy(asc(supportReplies.createdAt))
      : [],
  ]);
  const repliesTo = groupBy(replies, (reply) => reply.messageId);
  const data: AccountData = {
    ExportedDate: now.toISOString(),
    Profile: {
      EmailAddress: user.email,
      DisplayName: user.displayName,
      Language: user.language,
      CreatedDate: user.createdAt.toISOString(),
      TermsAcceptedDate: user.termsAcceptedAt.toISOString(),
      CookieConsent: user.cookieConsent ?? null,
    },
    Invoices: invoiceModels.map((invoice) => ({ ...invoice, Status: invoiceStatus(invoice) })),
    Subscriptions: subscriptionRows.map((row) => {
      const subscription = toSubscriptionModel(row, now, language);
      return { ...subscription, State: subscriptionState(subscription) };
    }),
    CardOnFile: card,
    SupportMessages: messages.map((message) => ({
      SentDate: message.createdAt.toISOString(),
      FullName: message.fullName,
      EmailAddress: message.emailAddress,
      Phone: message.phone,
      Message: message.message,
      Status: message.status,
      Replies: (repliesTo.get(message.id) ?? []).map((reply) => ({ SentDate: reply.createdAt.toISOString(), Message: reply.body })),
    })),
    Sessions: sessionRows.map((row) => ({
      StartedDate: row.createdAt.toISOString(),
      LastUsedDate: row.lastSeenAt.toISOString(),
      ExpirationDate: row.expiresAt.toISOString(),
      UserAgent: row.userAgent,
      ClientAddress: row.clientAddress,
      IsCurrent: row.tokenHash === session.tokenHash,
    })),
  };
  return { data, invoices: invoiceModels };
}

/** The JSON file, indented for people who open it; the ZIP's data.json is the same text. */
export const accountDataText = (data: AccountData): JsonText<AccountData> => toJsonText(data, 2);

/** bluebonnet-data-2026-12-06.json: the product's name and the copy's day (UTC). */
export const exportFileName = (data: AccountData, extension: 'json' | 'zip') =>
  `${brand.product.toLowerCase()}-data-${data.ExportedDate.slice(0, 10)}.${extension}`;

interface ArchiveFile {
  name: string;
  bytes: Uint8Array;
  /** PDFs are compressed inside already: deflating them again costs time and saves nothing. */
  deflate: boolean;
}

async function* archiveFiles(deps: BackendDeps, { data, invoices: invoiceModels }: AccountExport, language: ApiLanguage) {
  yield { name: 'data.json', bytes: new TextEncoder().encode(accountDataText(data)), deflate: true } satisfies ArchiveFile;
  // The kept PDF when the invoice is unchanged, else rendered and kept (services/billing/invoice-documents.ts).
  for (const invoice of invoiceModels) {
    const pdf = await invoicePdf(deps, invoice, language);
    yield { name: `invoices/invoice-${invoice.InvoiceNumber}.pdf`, bytes: pdf, deflate: false } satisfies ArchiveFile;
  }
}

/**
 * The ZIP of data.json and every invoice's PDF, written as the reader takes it: the next file
 * is read or rendered only when the one before has been sent, so one PDF at a time is in memory,
 * and a download that stops early renders no more.
 */
export function accountArchive(deps: BackendDeps, exported: AccountExport, language: ApiLanguage): ReadableStream<Uint8Array> {
  const files = archiveFiles(deps, exported, language);
  const modified = new Date(exported.data.ExportedDate);
  let zip!: Zip;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull(controller) {
      try {
        const next = await files.next();
        if (next.done) return zip.end();
        const { name, bytes, deflate } = next.value;
        const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
        entry.mtime = modified;
        zip.add(entry);
        entry.push(bytes, true);
      } catch (error) {
        // The answer's status has gone out: the download breaks off, and the cause is only here.
        deps.logger.error('data export stopped', { error: describeError(error as Error) });
        controller.error(error);
      }
    },
    async cancel() {
      await files.return(undefined);
    },
  });
}
