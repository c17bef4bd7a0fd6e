/**
 * The database is the catalog's one source: a backend notices a change made by another
 * process (a deploy seeding new prices) within a second, and prices carts by it; seeding an
 * unchanged data file changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { offers } from '@/server/db/schema';
import { seedCatalog } from '@/server/db/seed';
import { catalogRecheckMs } from '@/server/services/catalog';
import { fillCart, signedUpClient, startTestBackend, TestClient, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const priceOf = async (key: string) => {
  const catalog = (await (await new TestClient(backend).prime()).call('GET', 'store/catalog')).body as { Key: string; Price: number }[];
  return catalog.find((offer) => offer.Key === key)?.Price;
};

describe(`catalog source (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('seeds an unchanged data file without touching a row', async () => {
    const before = await backend.database.db.select({ key: offers.key, updatedAt: offers.updatedAt }).from(offers);
    await seedCatalog(backend.database.db);
    expect(await backend.database.db.select({ key: offers.key, updatedAt: offers.updatedAt }).from(offers)).toEqual(before);
  });

  it('prices by a change another process made, within a second', async () => {
    const key = 'pdf-workshop-pro-monthly';
    const [offer] = await backend.database.db.select().from(offers).where(eq(offers.key, key));
    expect(await priceOf(key)).toBe(offer.priceCents);
    // Another process (a deploy's migrate step, an operator) changes the price in the database.
    await backend.database.db.update(offers).set({ priceCents: offer.priceCents + 100, updatedAt: sql`now()` }).where(eq(offers.key, key));
    backend.clock.advance(catalogRecheckMs);
    expect(await priceOf(key)).toBe(offer.priceCents + 100);
    const client = await signedUpClient(backend, 'new-price@example.com');
    await fillCart(client, { [key]: 1 });
    const cart = (await client.call('GET', 'store/cart')).body;
    expect(JSON.stringify(cart)).toContain(String(offer.priceCents + 100));
    // The data file still holds the old price: seeding brings it back, and it is noticed too.
    await seedCatalog(backend.database.db);
    backend.clock.advance(catalogRecheckMs);
    expect(await priceOf(key)).toBe(offer.priceCents);
  });

  it('notices an offer retired by another process', async () => {
    const key = 'pdf-workshop-pro-monthly';
    await backend.database.db.update(offers).set({ isActive: false, updatedAt: sql`now()` }).where(eq(offers.key, key));
    backend.clock.advance(catalogRecheckMs);
    expect(await priceOf(key)).toBeUndefined();
    await seedCatalog(backend.database.db);
    backend.clock.advance(catalogRecheckMs);
    expect(await priceOf(key)).toBeDefined();
  });
});
