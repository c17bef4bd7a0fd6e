import { and, eq, sql } from 'drizzle-orm';
import type { Invoice } from '../../../lib/contract/billing';
import { invoiceDocuments } from '../../db/schema';
import type { BackendDeps } from '../../deps';
import { invoicePdfHash, letOthersRun, renderInvoicePdf } from '../../pdf/invoice-pdf';
import type { ApiLanguage } from '../platform/language';

/*
 * A PDF render is long synchronous CPU work in the server's one thread, so each
 * invoice is rendered once per state and language and kept in invoice_documents. Within this
 * process, requests for the same document share one render, and renders run one at a time, each
 * after a turn of the event loop: a burst of downloads then delays other requests by at most
 * one part of one render (the renderer pauses between its parts), never by the whole burst.
 */

/** Same invoice, language and content: one lookup and at most one render for all who ask. */
const inFlight = new Map<string, Promise<Buffer>>();

let lastRender: Promise<unknown> = Promise.resolve();

/** Runs renders one after another, each after the event loop has served what waits meanwhile. */
function oneAtATime<T>(render: () => Promise<T>): Promise<T> {
  const run = lastRender.then(letOthersRun).then(render);
  lastRender = run.catch(() => undefined);
  return run;
}

/** The invoice's PDF in this language: the kept one if the invoice is unchanged since, else rendered now and kept. */
export function invoicePdf(deps: Pick<BackendDeps, 'db' | 'clock' | 'logger'>, invoice: Invoice, language: ApiLanguage): Promise<Buffer> {
  const hash = invoicePdfHash(invoice, language);
  const key = `${invoice.Key}/${language}/${hash}`;
  let document = inFlight.get(key);
  if (!document) {
    document = keptOrRendered(deps, invoice, language, hash).finally(() => inFlight.delete(key));
    inFlight.set(key, document);
  }
  return document;
}

// The bytes travel as base64 text, which both drivers pass natively. PGlite converts bytea
// to and from hex text in JavaScript a byte at a time, which for a whole PDF cost the
// server's thread several times what the query itself did.
const pdfAsBase64 = sql<string>`encode(${invoiceDocuments.pdf}, 'base64')`;

async function keptOrRendered(
  { db, clock, logger }: Pick<BackendDeps, 'db' | 'clock' | 'logger'>,
  invoice: Invoice,
  language: ApiLanguage,
  hash: string,
): Promise<Buffer> {
  const [kept] = await db
    .select({ pdf: pdfAsBase64 })
    .from(invoiceDocuments)
    .where(
      and(eq(invoiceDocuments.invoiceId, invoice.Key), eq(invoiceDocuments.language, language), eq(invoiceDocuments.contentHash, hash)),
    );
  if (kept) return Buffer.from(kept.pdf, 'base64');
  const pdf = await oneAtATime(() => renderInvoicePdf(invoice, language));
  try {
    // One row per invoice and language: a new state replaces the PDF of the old one.
    await db
      .insert(invoiceDocuments)
      .values({
        invoiceId: invoice.Key,
        language,
        contentHash: hash,
        pdf: sql`decode(${pdf.toString('base64')}, 'base64')`,
        createdAt: clock.now(),
      })
      .onConflictDoUpdate({
        target: [invoiceDocuments.invoiceId, invoiceDocuments.language],
        set: { contentHash: sql`excluded.content_hash`, pdf: sql`excluded.pdf`, createdAt: sql`excluded.created_at` },
      });
  } catch (error) {
    // The reader still gets the PDF; the next download renders it again.
    logger.warn('invoice PDF not kept', { invoiceId: invoice.Key, language, error: String(error) });
  }
  return pdf;
}
