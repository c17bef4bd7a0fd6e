import { cartItems } from '@/server/db/schema';
import { buyWithTestCard, fillCart, newCustomer, startTestBackend, texasBilling, TestClient, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const put = (client: TestClient, body: object) => client.call('PUT', 'store/cart', { body });

describe('GET store/catalog', () => {
  it('lists the seeded offers with prices in cents, in the caller’s language', async () => {
    const client = new TestClient(backend);
    const en = await client.call('GET', 'store/catalog');
    expect(en.status).toBe(200);
    expect(en.body.map((offer: { Key: string }) => offer.Key)).toEqual([
      'pdf-workshop-free',
      'pdf-workshop-pro-monthly',
      'pdf-workshop-pro-yearly',
      'personal-health-free',
      'personal-health-plus-monthly',
      'consulting-architecture-review',
    ]);
    expect(en.body[2]).toMatchObject({
      Description: 'PDF Workshop Pro, yearly',
      Price: 9900,
      Savings: 2088,
      TrialDays: 0,
      IsSubscription: true,
    });
    expect(en.body[0]).toMatchObject({ TrialDays: -1, AppPage: '/apps/pdf' });
    const de = await client.call('GET', 'store/catalog', { headers: { 'Accept-Language': 'de' } });
    expect(de.body[1].Description).toBe('PDF Workshop Pro, monatlich');
    expect([en.body[5].ServiceName, de.body[5].ServiceName, de.body[1].ServiceName]).toEqual([
      'Software Consulting',
      'Softwareberatung',
      'PDF Workshop',
    ]);
  });
});

describe('store/cart', () => {
  it('needs a session', async () => {
    const client = await new TestClient(backend).prime();
    expect((await client.call('GET', 'store/cart')).status).toBe(401);
    expect((await put(client, { Items: [], IsAddition: true })).status).toBe(401);
  });

  it('starts empty, adds with IsAddition, replaces otherwise, and counts quantities in app info', async () => {
    const client = await newCustomer(backend, 'cart@example.com');
    const empty = await client.call('GET', 'store/cart');
    expect(empty.body).toMatchObject({
      LineItems: [],
      SubTotalAmount: 0,
      TaxTotalAmount: 0,
      TotalAmount: 0,
      BillingName: null,
      IsTaxExempt: true,
    });
    await put(client, { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 }], IsAddition: true });
    const twice = await put(client, { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 }], IsAddition: true });
    expect(twice.body.LineItems).toEqual([
      { Key: 'pdf-workshop-pro-monthly', Quantity: 2, SubTotalAmount: 1998, AvailableLicenseKey: null },
    ]);
    expect((await client.call('GET', 'app/app-info')).body).toEqual({ CartItemCount: 2, NotificationCount: 0 });
    const replaced = await put(client, {
      Items: [
        { ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 0 },
        { ServiceOfferKey: 'personal-health-plus-monthly', Quantity: 3 },
      ],
      BillingInfo: texasBilling,
      IsAddition: false,
    });
    expect(replaced.body.LineItems).toEqual([
      { Key: 'personal-health-plus-monthly', Quantity: 3, SubTotalAmount: 1497, AvailableLicenseKey: null },
    ]);
    expect((await client.call('GET', 'app/app-info')).body.CartItemCount).toBe(3);
  });

  it('answers every write with the cart as stored, whatever the write touched', async () => {
    const client = await newCustomer(backend, 'as-written@example.com');
    const writes = [
      { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 2 }], IsAddition: true },
      { Items: [{ ServiceOfferKey: 'personal-health-plus-monthly', Quantity: 1 }], IsAddition: true },
      // An addition of 0 and a billing-only save leave the lines as they are.
      { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 0 }], IsAddition: true },
      { Items: [], BillingInfo: texasBilling, IsAddition: false },
      {
        Items: [
          { ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 0 },
          { ServiceOfferKey: 'personal-health-plus-monthly', Quantity: 4 },
        ],
        IsAddition: false,
      },
      { Items: [{ ServiceOfferKey: 'personal-health-plus-monthly', Quantity: 0 }], IsAddition: false },
    ];
    const lineCounts: number[] = [];
    for (const write of writes) {
      const answer = await put(client, write);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual((await client.call('GET', 'store/cart')).body);
      lineCounts.push(answer.body.LineItems.length);
    }
    expect(lineCounts).toEqual([1, 2, 2, 2, 1, 0]);
  });

  it('keeps a line the cart page did not know of: an item added in another tab survives its save', async () => {
    const client = await newCustomer(backend, 'tabs@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 1 });
    await put(client, { Items: [{ ServiceOfferKey: 'personal-health-plus-monthly', Quantity: 1 }], IsAddition: true });
    const saved = await put(client, {
      Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 2 }],
      BillingInfo: texasBilling,
      IsAddition: false,
    });
    expect(saved.body.LineItems.map((line: { Key: string; Quantity: number }) => [line.Key, line.Quantity])).toEqual([
      ['pdf-workshop-pro-monthly', 2],
      ['personal-health-plus-monthly', 1],
    ]);
    expect((await client.call('GET', 'app/app-info')).body.CartItemCount).toBe(3);
  });

  it('computes Texas tax at 8.25 % to the cent, and none elsewhere', async () => {
    const client = await newCustomer(backend, 'tax@example.com');
    // 3 × $4.99 + $99.00 = $113.97; 8.25 % = $9.402… → $9.40
    const texas = await fillCart(client, { 'personal-health-plus-monthly': 3, 'pdf-workshop-pro-yearly': 1 });
    expect(texas).toMatchObject({
      SubTotalAmount: 11397,
      TaxTotalAmount: 940,
      TotalAmount: 12337,
      IsTaxExempt: false,
      BillingStateCode: 'TX',
    });
    // $1,500.00 × 8.25 % = $123.75 exactly; 7 × $9.99 = $69.93 → $5.769… → $5.77
    expect(await fillCart(client, { 'consulting-architecture-review': 1 })).toMatchObject({ TaxTotalAmount: 12375, TotalAmount: 162375 });
    expect(await fillCart(client, { 'pdf-workshop-pro-monthly': 7 })).toMatchObject({
      SubTotalAmount: 6993,
      TaxTotalAmount: 577,
      TotalAmount: 7570,
    });
    const california = await fillCart(client, { 'pdf-workshop-pro-monthly': 7 }, { ...texasBilling, StateCode: 'CA' });
    expect(california).toMatchObject({ TaxTotalAmount: 0, TotalAmount: 6993, IsTaxExempt: true });
    const lowerCase = await fillCart(client, { 'pdf-workshop-pro-monthly': 1 }, { ...texasBilling, StateCode: 'tx', CountryCode: 'us' });
    expect(lowerCase).toMatchObject({ BillingStateCode: 'TX', BillingCountryCode: 'US', TaxTotalAmount: 82 });
    const germany = await fillCart(
      client,
      { 'pdf-workshop-pro-monthly': 1 },
      { ...texasBilling, StateCode: null, CountryCode: 'de', IsBusinessPurchase: true },
    );
    expect(germany).toMatchObject({
      TaxTotalAmount: 0,
      IsTaxExempt: true,
      BillingCountryCode: 'DE',
      BillingStateCode: null,
      IsBusinessPurchase: true,
    });
  });

  let refusedBuyer: TestClient | undefined;
  it.each([
    [
      { Items: [{ ServiceOfferKey: 'no-such-offer', Quantity: 1 }], IsAddition: true },
      'Items: there is no offer with the key no-such-offer.',
    ],
    [
      { Items: [{ ServiceOfferKey: 'pdf-workshop-free', Quantity: 1 }], IsAddition: true },
      'Items: pdf-workshop-free is a free plan and needs no purchase.',
    ],
    [
      { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 101 }], IsAddition: false },
      'Items.0.Quantity: Must be between 0 and 100',
    ],
    [
      { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: -1 }], IsAddition: false },
      'Items.0.Quantity: Must be between 0 and 100',
    ],
    [
      { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1.5 }], IsAddition: false },
      'Items.0.Quantity: Must be between 0 and 100',
    ],
    [{ Items: [], BillingInfo: { ...texasBilling, StateCode: '' }, IsAddition: false }, 'BillingInfo.StateCode: Required'],
    [{ Items: [], BillingInfo: { ...texasBilling, StateCode: 'ZZ' }, IsAddition: false }, 'BillingInfo.StateCode: unknown US state ZZ.'],
    [{ Items: [], BillingInfo: { ...texasBilling, CountryCode: 'XX' }, IsAddition: false }, 'BillingInfo.CountryCode: unknown country XX.'],
    [{ Items: [], BillingInfo: { ...texasBilling, Name: ' ' }, IsAddition: false }, 'BillingInfo.Name: Required'],
    [
      { Items: [], BillingInfo: { ...texasBilling, Address2: 'x'.repeat(26) }, IsAddition: false },
      'BillingInfo.Address2: Must be at most 25 characters',
    ],
    [
      { Items: [], BillingInfo: { ...texasBilling, City: 'x'.repeat(51) }, IsAddition: false },
      'BillingInfo.City: Must be at most 50 characters',
    ],
    [{ Items: [], BillingInfo: { ...texasBilling, CountryCode: '' }, IsAddition: false }, 'BillingInfo.CountryCode: Required'],
    [{ Items: 'all of them', IsAddition: false }, 'Items: Must be a list'],
    [{ IsAddition: false }, 'Items: Required'],
    [
      { Items: [], BillingInfo: { ...texasBilling, Name: 'Ann\u0000Smith' }, IsAddition: false },
      'BillingInfo.Name: Contains characters that are not allowed',
    ],
    [
      { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly\u0000', Quantity: 1 }], IsAddition: true },
      'Items.0.ServiceOfferKey: Contains characters that are not allowed',
    ],
  ])('refuses %j with "%s" and changes nothing', async (body, message) => {
    // One buyer for every case: a sign-up each would meet the per-address code throttle.
    const client = (refusedBuyer ??= await newCustomer(backend, 'refused@example.com'));
    await fillCart(client, { 'pdf-workshop-pro-monthly': 2 });
    const before = await client.call('GET', 'store/cart');
    const rows = await backend.rowCount(cartItems);
    const response = await put(client, body);
    expect(response.status).toBe(400);
    expect(response.body.ErrorMessages.map((m: { Message: string }) => m.Message)).toContain(message);
    expect((await client.call('GET', 'store/cart')).body).toEqual(before.body);
    expect(await backend.rowCount(cartItems)).toBe(rows);
  });

  it('caps added quantities at 100', async () => {
    const client = await newCustomer(backend, 'cap@example.com');
    await fillCart(client, { 'pdf-workshop-pro-monthly': 100 });
    const added = await put(client, { Items: [{ ServiceOfferKey: 'pdf-workshop-pro-monthly', Quantity: 1 }], IsAddition: true });
    expect(added.body.LineItems[0].Quantity).toBe(100);
  });

  it('names the subscriptions the customer holds and renews, with the cart; a cancelled one is left out', async () => {
    const client = await newCustomer(backend, 'held@example.com');
    expect((await client.call('GET', 'store/cart')).body.HeldSubscriptions).toEqual([]);
    await buyWithTestCard(client, { 'pdf-workshop-pro-monthly': 2, 'consulting-architecture-review': 1 });
    await buyWithTestCard(client, { 'personal-health-plus-monthly': 1 });
    const subscriptions: { Key: string; Description: string }[] = (await client.call('GET', 'license/subscriptions')).body;
    const keyOf = (description: string) => subscriptions.find((row) => row.Description === description)?.Key;
    const held = (await client.call('GET', 'store/cart')).body.HeldSubscriptions;
    expect(held).toEqual(
      expect.arrayContaining([
        { ServiceOfferKey: 'pdf-workshop-pro-monthly', SubscriptionKey: keyOf('PDF Workshop Pro, monthly'), Quantity: 2 },
        { ServiceOfferKey: 'personal-health-plus-monthly', SubscriptionKey: keyOf('Personal Health Plus, monthly'), Quantity: 1 },
      ]),
    );
    expect(held).toHaveLength(2);
    // The cart page's saves answer the same.
    expect((await put(client, { Items: [], IsAddition: false })).body.HeldSubscriptions).toEqual(held);

    expect((await client.call('DELETE', `license/subscription/${keyOf('PDF Workshop Pro, monthly')}`)).status).toBe(200);
    expect((await client.call('GET', 'store/cart')).body.HeldSubscriptions).toEqual([
      { ServiceOfferKey: 'personal-health-plus-monthly', SubscriptionKey: keyOf('Personal Health Plus, monthly'), Quantity: 1 },
    ]);
    const other = await newCustomer(backend, 'held-other@example.com');
    expect((await other.call('GET', 'store/cart')).body.HeldSubscriptions).toEqual([]);
  });

  it('keeps each user’s cart to themselves', async () => {
    const ann = await newCustomer(backend, 'ann-cart@example.com');
    const bob = await newCustomer(backend, 'bob-cart@example.com');
    await fillCart(ann, { 'pdf-workshop-pro-yearly': 1 });
    expect((await bob.call('GET', 'store/cart')).body.LineItems).toEqual([]);
  });
});
