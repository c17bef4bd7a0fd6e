import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuditLog } from '@/components/admin/AuditLog';
import { Catalog } from '@/components/admin/Catalog';
import { Customers } from '@/components/admin/Customers';
import { CustomerView } from '@/components/admin/CustomerView';
import { NewOffer } from '@/components/admin/OfferEditor';
import type { AdminOffer, CustomerRow } from '@/lib/contract/admin';
import { snackText } from './account-helpers';
import { adminTexts, renderConsole, resetConsoleState, staffInConsole } from './admin-helpers';
import { routerCalls } from './render';
import { newAccount, uniqueEmail } from './runner/accounts';
import { accepted, anotherBrowser, network, pageApi } from './runner/network';

beforeEach(resetConsoleState);

const t = adminTexts('en');

describe('catalog', () => {
  it('creates an offer from dollars and lines, lists it, retires and restores it', async () => {
    const user = userEvent.setup();
    await staffInConsole();
    const key = `test-offer-${Date.now()}`;
    const { unmount } = renderConsole(<NewOffer />, { pathname: '/admin/catalog/new' });

    const create = await screen.findByRole('button', { name: t.catalog.create });
    await user.click(create);
    // The contract's rules, in the site's words, before anything is sent.
    expect((await screen.findAllByText('Required')).length).toBeGreaterThan(3);
    expect(network.calls('POST admin/offers')).toEqual([]);

    await user.type(screen.getByLabelText(t.catalog.key), key);
    await user.selectOptions(screen.getByLabelText(t.catalog.renewal), '12');
    await user.type(screen.getByLabelText(t.catalog.claims), 'app:test');
    for (const [language, name] of [
      ['English', 'Test Service'],
      ['German', 'Testdienst'],
      ['Russian', 'Тестовый сервис'],
    ]) {
      const group = screen.getByRole('group', { name: language });
      await user.type(within(group).getByLabelText(t.catalog.serviceName), name);
      await user.type(within(group).getByLabelText(t.catalog.description), `${name}, yearly`);
      await user.type(within(group).getByLabelText(t.catalog.items), 'First point{Enter}{Enter}Second point');
    }
    await user.type(screen.getByLabelText(t.catalog.priceLabel), '1,234.5');
    await user.click(create);

    await waitFor(() => expect(snackText()).toBe(t.catalog.created));
    expect(network.calls('POST admin/offers')[0].body).toMatchObject({
      Key: key,
      IsSubscription: true,
      RenewalMonths: 12,
      Claims: ['app:test'],
      Price: 123450,
      Savings: 0,
      TrialDays: 0,
      Items: { en: ['First point', 'Second point'], de: ['First point', 'Second point'], ru: ['First point', 'Second point'] },
    });
    expect(routerCalls.at(-1)).toEqual({ method: 'push', href: '/admin/catalog' });
    unmount();

    renderConsole(<Catalog />, { pathname: '/admin/catalog' });
    const table = await screen.findByRole('table', { name: t.catalog.title });
    const row = () => within(table).getByText(key).closest('tr')!;
    expect(row()).toHaveTextContent('$1,234.50');
    expect(row()).toHaveTextContent(t.catalog.yearly);
    await user.click(within(row()).getByRole('button', { name: `Retire Test Service, yearly` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: t.catalog.retireTitle })).getByRole('button', { name: t.catalog.retire }),
    );
    await waitFor(() => expect(within(row()).getByTestId('offer-state')).toHaveTextContent(t.catalog.retired));
    const offers = await accepted('read the offers', pageApi<AdminOffer[]>('GET', 'admin/offers'));
    expect(offers.find((offer) => offer.Key === key)?.IsActive).toBe(false);

    await user.click(within(row()).getByRole('button', { name: `Restore Test Service, yearly` }));
    await waitFor(() => expect(within(row()).getByTestId('offer-state')).toHaveTextContent(t.catalog.active));
    // The run's backend is shared: the store is left as it was found.
    await accepted('retire the test offer', pageApi('POST', `admin/offers/${key}/retire`));
  });
});

describe('customers and the audit log', () => {
  it('finds a customer by email, suspends and lifts after asking, and the audit log records both', async () => {
    const user = userEvent.setup();
    const customerEmail = uniqueEmail('findme');
    await newAccount(customerEmail, undefined, anotherBrowser());
    await staffInConsole();
    const { unmount } = renderConsole(<Customers />, { pathname: '/admin/customers' });

    await user.type(await screen.findByRole('searchbox', { name: t.customers.searchLabel }), customerEmail);
    await user.click(screen.getByRole('button', { name: t.customers.search }));
    const results = await screen.findByRole('table', { name: `Customers matching “${customerEmail}”` });
    expect(within(results).getAllByRole('row')).toHaveLength(2);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nobody-by-this-name-xyz');
    await user.click(screen.getByRole('button', { name: t.customers.search }));
    expect(await screen.findByText('No customer matches “nobody-by-this-name-xyz”.')).toBeVisible();
    unmount();

    const [customer] = await accepted('search', pageApi<CustomerRow[]>('GET', `admin/customers?q=${encodeURIComponent(customerEmail)}`));
    const view = renderConsole(<CustomerView id={customer.Key} />);
    expect(await screen.findByRole('heading', { name: customerEmail, level: 1 })).toBeVisible();
    expect(screen.getByText(t.customers.noInvoices)).toBeVisible();
    await user.click(screen.getByRole('button', { name: t.customers.suspend }));
    await user.click(
      within(await screen.findByRole('dialog', { name: t.customers.suspendTitle })).getByRole('button', { name: t.customers.suspend }),
    );
    expect(await screen.findByTestId('customer-suspended')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: t.customers.lift }));
    await user.click(
      within(await screen.findByRole('dialog', { name: t.customers.liftTitle })).getByRole('button', { name: t.customers.lift }),
    );
    await waitFor(() => expect(screen.queryByTestId('customer-suspended')).toBeNull());
    view.unmount();

    renderConsole(<AuditLog />, { pathname: '/admin/audit' });
    const entries = await screen.findAllByTestId('audit-entry');
    expect(entries[0]).toHaveTextContent(t.audit.actions['customer-unsuspend']);
    expect(entries[1]).toHaveTextContent(t.audit.actions['customer-suspend']);
    expect(within(entries[0]).getByRole('link', { name: customerEmail })).toBeVisible();
  });
});
