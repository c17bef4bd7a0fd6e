import { eq } from 'drizzle-orm';
import { invoiceDocuments } from '@/server/db/schema';
import { pdfText } from '../support/pdf-text';
import { testCards } from '../support/test-cards';
import { buyWithTestCard, newCustomer, startTestBackend, TestClient, watchQueries, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const languages = ['en', 'de', 'ru'] as const;

async function download(client: TestClient, invoiceKey: string, language: string) {
  const response = await backend.app.request(`/api/billing/invoice-pdf/${invoiceKey}/download?lang=${language}`, {
    headers: { Cookie: `sid=${client.cookie('sid')}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return Buffer.from(await response.arrayBuffer());
}

/** The kept PDFs of an invoice, by language. */
async function kept(invoiceKey: string) {
  const rows = await backend.database.db
    .select({
      language: invoiceDocuments.language,
      contentHash: invoiceDocuments.contentHash,
      createdAt: invoiceDocuments.createdAt,
      pdf: invoiceDocuments.pdf,
    })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.invoiceId, invoiceKey));
  return Object.fromEntries(rows.map((row) => [row.language, row]));
}

/** Counts the statements that store a PDF (one per render). */
function watchStores() {
  const queries = watchQueries(backend);
  return {
    count: () => queries.texts().filter((text) => /^\s*insert into "invoice_documents"/i.test(text)).length,
    stop: queries.stop,
  };
}

/**
 * Calls `call` one after another while `work` runs and notes `progress()` at each answer: which
 * point of the work other calls were answered at, with no clock involved.
 */
async function answersDuring<T>(work: Promise<T>, call: () => Promise<void>, progress: () => number) {
  let finished = false;
  const settled = work.finally(() => (finished = true));
  const answeredAt: number[] = [];
  const calls = (async () => {
    while (!finished) {
      await call();
      if (!finished) answeredAt.push(progress());
      // An in-process call can resolve without leaving the microtask queue: give the rest a turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  await Promise.allSettled([settled, calls]);
  await calls;
  return { result: await work, answeredAt };
}

describe('invoice PDFs are rendered once per invoice state and language', () => {
  it('answers a second download with the kept PDF, byte for byte', async () => {
    const client = await newCustomer(backend, 'pdf-kept@example.com');
    const { invoiceKey } = await buyWithTestCard(client, { 'pdf-workshop-pro-monthly': 1 });
    const first = await download(client, invoiceKey!, 'en');
    const before = await kept(invoiceKey!);
    expect(Object.keys(before)).toEqual(['en']);
    expect(Buffer.compare(before.en.pdf, first)).toBe(0);

    // A render now would be stored with a later time (the row's time is the backend's clock).
    backend.clock.advance(60_000);
    const second = await download(client, invoiceKey!, 'en');
    expect(Buffer.compare(second, first)).toBe(0);
    const after = await kept(invoiceKey!);
    expect(after.en.createdAt).toEqual(before.en.createdAt);
    expect(after.en.contentHash).toBe(before.en.contentHash);
    expect(await pdfText(new Uint8Array(second))).toContain('PAID');
  });

  it('renders again once the invoice changed: unpaid, then paid; each language on its own', async () => {
    const client = await newCustomer(backend, 'pdf-changes@example.com');
    await buyWithTestCard(client, { 'consulting-architecture-review': 1 }, testCards.declined);
    const [unpaid] = (await client.call('GET', 'billing/invoices')).body as { Key: string; FullyPaidDate: string | null }[];
    expect(unpaid.FullyPaidDate).toBeNull();
    const unpaidText = await pdfText(new Uint8Array(await download(client, unpaid.Key, 'en')));
    expect(unpaidText).toContain('UNPAID');
    const before = await kept(unpaid.Key);

    // The same cart checked out again pays the same invoice.
    backend.clock.advance(60_000);
    const { invoiceKey } = await buyWithTestCard(client, { 'consulting-architecture-review': 1 });
    expect(invoiceKey).toBe(unpaid.Key);
    const paidText = await pdfText(new Uint8Array(await download(client, unpaid.Key, 'en')));
    expect(paidText).not.toContain('UNPAID');
    expect(paidText).toContain('PAID');
    expect(paidText).toContain('Paid on');
    expect(unpaidText).not.toContain('Paid on');
    const after = await kept(unpaid.Key);
    expect(Object.keys(after)).toEqual(['en']); // the new state replaced the old one
    expect(after.en.contentHash).not.toBe(before.en.contentHash);
    expect(after.en.createdAt.getTime()).toBeGreaterThan(before.en.createdAt.getTime());

    expect(await pdfText(new Uint8Array(await download(client, unpaid.Key, 'de')))).toContain('BEZAHLT');
    expect(Object.keys(await kept(unpaid.Key)).sort()).toEqual(['de', 'en']);
  });

  it('keeps other calls answering while one account downloads 20 PDFs at once, rendering each document once', async () => {
    const client = await newCustomer(backend, 'pdf-burst@example.com');
    const keys: string[] = [];
    const purchases: Record<string, number>[] = [
      { 'pdf-workshop-pro-monthly': 1 },
      { 'pdf-workshop-pro-yearly': 2 },
      { 'consulting-architecture-review': 1 },
    ];
    for (const items of purchases) {
      const { invoiceKey } = await buyWithTestCard(client, items);
      keys.push(invoiceKey!);
    }
    const documents = keys.flatMap((key) => languages.map((language) => ({ key, language })));
    const burst = Array.from({ length: 20 }, (_, index) => documents[index % documents.length]);
    const other = new TestClient(backend);
    const health = async () => {
      const response = await other.call('GET', 'health');
      expect(response.status).toBe(200);
    };

    const stores = watchStores();
    let downloads: Buffer[];
    let answeredAt: number[];
    try {
      ({ result: downloads, answeredAt } = await answersDuring(
        Promise.all(burst.map(({ key, language }) => download(client, key, language))),
        health,
        stores.count,
      ));
      expect(stores.count()).toBe(documents.length);
    } finally {
      stores.stop();
    }

    // Each document was rendered once: every download of it has the same bytes, those kept.
    for (const [index, { key, language }] of burst.entries()) {
      expect(Buffer.compare(downloads[index], (await kept(key))[language].pdf)).toBe(0);
    }
    // Other calls were answered between renders, not only once the burst was over
    // (bench/pdf-downloads.mjs measures how long they waited).
    expect(answeredAt.some((stored) => stored > 0 && stored < documents.length)).toBe(true);
  });
});
