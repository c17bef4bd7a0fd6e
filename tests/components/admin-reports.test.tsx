import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Reports } from '@/components/admin/Reports';
import { adminTexts, renderConsole, resetConsoleState, staffInConsole } from './admin-helpers';
import { paidCheckout } from './checkout-helpers';
import { signedIn } from './runner/accounts';
import { network } from './runner/network';

beforeEach(resetConsoleState);

const t = adminTexts('en').reports;

const monthBack = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};
const thisMonth = monthBack(0);

/** A Texan bought a monthly plan this month (999 and 82 sales tax); then staff open the reports. */
async function reportsAfterASale() {
  await signedIn();
  await paidCheckout({ 'pdf-workshop-pro-monthly': 1 });
  resetConsoleState();
  await staffInConsole();
  renderConsole(<Reports />, { pathname: '/admin/reports' });
}

describe('console reports', () => {
  it('loads the last twelve months, shows an empty range as such, and refuses a range that runs backwards', async () => {
    const user = userEvent.setup();
    const summary = network.hold('GET admin/reports/summary');
    await reportsAfterASale();
    // The console opens once it knows who is signed in; then the page asks for its summary.
    expect(await screen.findByRole('heading', { name: t.title, level: 1 })).toBeVisible();
    await summary.reached;
    const revenue = screen.getByRole('region', { name: t.revenue.title });
    expect(within(revenue).getByRole('status')).toHaveTextContent(adminTexts('en').common.loading);
    summary.release();

    const month = await within(revenue).findByTestId(`revenue-${thisMonth}`);
    // Taken includes the tax; the revenue does not.
    const taken = Number(within(month).getAllByRole('cell')[0].textContent!.replace(/[$,]/g, ''));
    const net = Number(within(month).getAllByRole('cell')[3].textContent!.replace(/[$,]/g, ''));
    expect(taken).toBeGreaterThanOrEqual(10.81);
    expect(net).toBeGreaterThanOrEqual(9.99);
    expect(taken - net).toBeGreaterThanOrEqual(0.82);
    expect(within(revenue).getByRole('group', { name: t.products.title })).toHaveTextContent('PDF Workshop Pro, monthly');
    expect(within(revenue).getByTestId(`mrr-${thisMonth}`)).toBeVisible();
    expect(network.calls('GET admin/reports/summary').at(-1)!.path).toBe(`admin/reports/summary?from=${monthBack(11)}&to=${thisMonth}`);

    // Three years ago nothing was sold.
    await user.selectOptions(within(revenue).getByLabelText(t.from), monthBack(35));
    await user.selectOptions(within(revenue).getByLabelText(t.to), monthBack(30));
    expect(await within(revenue).findByText(t.revenue.empty)).toBeVisible();
    expect(within(revenue).getByText(t.mrr.empty)).toBeVisible();

    // A range that ends before it starts is not asked for.
    await user.selectOptions(within(revenue).getByLabelText(t.from), monthBack(31));
    await network.settled();
    const asked = network.calls('GET admin/reports/summary').length;
    await user.selectOptions(within(revenue).getByLabelText(t.to), monthBack(33));
    expect(within(revenue).getByLabelText(t.to)).toHaveAccessibleDescription('Must not be before the start');
    await network.settled();
    expect(network.calls('GET admin/reports/summary')).toHaveLength(asked);
  });

  it('speaks Russian: headings, month names and the product sold', async () => {
    await signedIn();
    await paidCheckout({ 'pdf-workshop-pro-monthly': 1 });
    resetConsoleState();
    await staffInConsole();
    renderConsole(<Reports />, { locale: 'ru', pathname: '/admin/reports' });
    const ru = adminTexts('ru').reports;
    expect(await screen.findByRole('heading', { name: ru.title, level: 1 })).toBeVisible();
    const revenue = screen.getByRole('region', { name: ru.revenue.title });
    const month = await within(revenue).findByTestId(`revenue-${thisMonth}`);
    const russianMonth = new Intl.DateTimeFormat('ru', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${thisMonth}-01T00:00:00Z`),
    );
    expect(within(month).getByRole('rowheader')).toHaveTextContent(russianMonth);
    // Dollars written the Russian way, as everywhere in the console.
    expect(within(revenue).getByRole('group', { name: ru.products.title })).toHaveTextContent(/PDF Workshop Pro, помесячно\d+,\d\d\s\$/);
    expect(screen.getByRole('region', { name: ru.salesTax.title })).toBeVisible();
  });

  it('reports sales tax for the month or quarter chosen, by state', async () => {
    const user = userEvent.setup();
    await reportsAfterASale();
    const tax = await screen.findByRole('region', { name: t.salesTax.title });
    // Last month first: what a monthly return is filed for.
    await waitFor(() =>
      expect(network.calls('GET admin/reports/sales-tax').map((call) => call.path)).toContain(
        `admin/reports/sales-tax?period=${monthBack(1)}`,
      ),
    );
    await user.selectOptions(within(tax).getByLabelText(t.salesTax.period), thisMonth);
    const texas = await within(tax).findByTestId('tax-US-TX');
    expect(within(texas).getByRole('rowheader')).toHaveTextContent('Texas');
    expect(within(tax).getByRole('columnheader', { name: t.salesTax.TaxableSales })).toBeVisible();

    await user.selectOptions(within(tax).getByLabelText(t.salesTax.kind), 'quarter');
    const quarter = `${thisMonth.slice(0, 4)}-Q${Math.floor((Number(thisMonth.slice(5, 7)) - 1) / 3) + 1}`;
    const quarterOfLastMonth = `${monthBack(1).slice(0, 4)}-Q${Math.floor((Number(monthBack(1).slice(5, 7)) - 1) / 3) + 1}`;
    expect(within(tax).getByLabelText(t.salesTax.period)).toHaveValue(quarterOfLastMonth);
    await user.selectOptions(within(tax).getByLabelText(t.salesTax.period), quarter);
    expect(await within(tax).findByTestId('tax-US-TX')).toBeVisible();
    expect(network.calls('GET admin/reports/sales-tax').at(-1)!.path).toBe(`admin/reports/sales-tax?period=${quarter}`);
  });

  it('offers the three CSV files for the dates chosen, and no link for a bad range', async () => {
    await staffInConsole();
    renderConsole(<Reports />, { pathname: '/admin/reports' });
    const files = await screen.findByRole('region', { name: t.export.title });
    const lastMonth = monthBack(1);
    const link = (name: string) => within(files).getByRole('link', { name });
    expect(link(t.export.payments)).toHaveAttribute('download');
    expect(link(t.export.payments).getAttribute('href')).toMatch(
      new RegExp(`^/api/admin/reports/export/payments\\?from=${lastMonth}-01&to=${lastMonth}-\\d\\d$`),
    );

    // jsdom's date fields take no typing over a value: the browser's date picker sets them whole.
    const setDate = (label: string, value: string) => fireEvent.change(within(files).getByLabelText(label), { target: { value } });
    setDate(t.from, '2026-01-01');
    setDate(t.to, '2026-03-31');
    expect(link(t.export.invoices)).toHaveAttribute('href', '/api/admin/reports/export/invoices?from=2026-01-01&to=2026-03-31');
    expect(link(t.export.refunds)).toHaveAttribute('href', '/api/admin/reports/export/refunds?from=2026-01-01&to=2026-03-31');

    setDate(t.to, '2027-06-30');
    expect(within(files).getByLabelText(t.to)).toHaveAccessibleDescription('At most 366 days at a time');
    expect(within(files).queryByRole('link')).toBeNull();
  });
});
