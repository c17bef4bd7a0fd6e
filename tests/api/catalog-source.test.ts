/**
 * The database is the catalog's one source: a backend notices a change made by another
 * process (an operator's edit in another backend) within about a second, and prices carts by
 * it; the data file only fills an empty table, so seeding never undoes an edit.
 */
import { eq, sql } from 'drizzle-orm';
import { offers } from '@/server/db/schema';
import { seedCatalog } from '@/server/db/seed';
import { catalogRecheckMs } from '@/server/services/store/catalog';
import { fillCart, newCustomer, startTestBackend, TestClient, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const priceOf = async (key: string) => {
  const catalog = (await (await new TestClient(backend).prime()).call('GET', 'store/catalog')).body as { Key: string; Price: number }[];
  return catalog.find((offer) => offer.Key === key)?.Price;
};

/** Waits (real time: the backend's own timer checks the table) until the catalog shows `price`. */
async function seesPrice(key: string, price: number | undefined) {
  for (const started = Date.now(); Date.now() - started < 3 * catalogRecheckMs;) {
    if ((await priceOf(key)) === price) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await priceOf(key)).toBe(price);
}

describe(`catalog source (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('seeds a table that already has offers without touching a row', async () => {
    const before = await backend.database.db.select({ key: offers.key, updatedAt: offers.updatedAt }).from(offers);
    await seedCatalog(backend.database.db);
    expect(await backend.database.db.select({ key: offers.key, updatedAt: offers.updatedAt }).from(offers)).toEqual(before);
  });

  it('prices by a change another process made, about a second later', async () => {
    const key = 'pdf-workshop-pro-monthly';
    const [offer] = await backend.database.db.select().from(offers).where(eq(offers.key, key));
    expect(await priceOf(key)).toBe(offer.priceCents);
    // Another process (an operator's edit on another backend) changes the price in the database.
    await backend.database.db
      .update(offers)
      .set({ priceCents: offer.priceCents + 100, updatedAt: sql`now()` })
      .where(eq(offers.key, key));
    await seesPrice(key, offer.priceCents + 100);
    const client = await newCustomer(backend, 'new-price@example.com');
    await fillCart(client, { [key]: 1 });
    const cart = (await client.call('GET', 'store/cart')).body;
    expect(JSON.stringify(cart)).toContain(String(offer.priceCents + 100));
    // The data file still holds the old price: seeding keeps the edit.
    await seedCatalog(backend.database.db);
    expect((await backend.database.db.select().from(offers).where(eq(offers.key, key)))[0].priceCents).toBe(offer.priceCents + 100);
    await backend.database.db
      .update(offers)
      .set({ priceCents: offer.priceCents, updatedAt: sql`now()` })
      .where(eq(offers.key, key));
    await seesPrice(key, offer.priceCents);
  });

  it('notices an offer retired by another process', async () => {
    const key = 'pdf-workshop-pro-monthly';
    await backend.database.db
      .update(offers)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(eq(offers.key, key));
    await seesPrice(key, undefined);
    const [offer] = await backend.database.db.select().from(offers).where(eq(offers.key, key));
    // Seeding does not bring a retired offer back; restoring it does.
    await seedCatalog(backend.database.db);
    expect((await backend.database.db.select().from(offers).where(eq(offers.key, key)))[0].isActive).toBe(false);
    await backend.database.db
      .update(offers)
      .set({ isActive: true, updatedAt: sql`now()` })
      .where(eq(offers.key, key));
    await seesPrice(key, offer.priceCents);
  });

  it('answers readers inside a transaction without a query of its own', async () => {
    // On PGlite a query outside the transaction would wait for the one connection it holds.
    await new Promise((resolve) => setTimeout(resolve, 2 * catalogRecheckMs));
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('the catalog waited for the database')), 5_000).unref());
    const inside = backend.database.db.transaction(async (tx) => {
      await tx.select().from(offers).limit(1);
      return backend.deps.catalog.byKey(['pdf-workshop-pro-monthly']);
    });
    expect((await Promise.race([inside, timeout])) as Map<string, unknown>).toHaveProperty('size', 1);
  });
});
