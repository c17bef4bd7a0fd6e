import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { BillingOverview } from '@/components/billing/BillingOverview';
import { InvoiceDocument } from '@/components/billing/InvoiceDocument';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import { Checkout } from '@/components/store/Checkout';
import { ShoppingCart } from '@/components/store/ShoppingCart';
import type { Invoice } from '@/lib/contract/billing';
import type { BillingInfoInput } from '@/lib/contract/store';
import { appActions } from '@/lib/state/app-state';
import { germanBilling, texasBilling } from '../support/billing-contacts';
import { resetAccountState } from './account-helpers';
import { checkoutElsewhere, payElsewhere, payOnPage, testCards } from './checkout-helpers';
import { renderWithIntl, type TestLocale } from './render';
import { pageApi } from './runner/network';
import { fillCart, renderStore, shopper, storeTexts } from './store-helpers';

// Each test signs up its own account on the real backend.

const monthly = { 'pdf-workshop-pro-monthly': 1 };
const germanBusiness: BillingInfoInput = {
  ...germanBilling,
  IsBusinessPurchase: true,
  CompanyName: 'Schmidt Werkzeuge GmbH',
  TaxId: 'DE 123456789',
  PurchaseOrder: 'PO-2026-17',
};

async function openCart(billing: BillingInfoInput | null, locale: TestLocale = 'en') {
  await shopper({ cart: monthly, billing, locale });
  renderStore(<ShoppingCart />, locale);
  await screen.findByRole('table');
  return { user: userEvent.setup(), texts: storeTexts(locale).cart };
}

describe('cart: business details', () => {
  it('asks for company, VAT ID (where the country has VAT IDs) and purchase order once business purchase is ticked', async () => {
    const { user, texts } = await openCart(germanBilling);
    expect(screen.queryByLabelText(texts.companyName)).toBeNull();
    await user.click(screen.getByLabelText(texts.business));
    expect(screen.getByLabelText(texts.companyName)).toHaveAccessibleDescription(texts.businessNote);
    expect(screen.getByLabelText(texts.taxId)).toBeVisible();
    expect(screen.getByLabelText(texts.purchaseOrder)).toBeVisible();
    await user.type(screen.getByLabelText(texts.taxId), 'DE#1');
    await user.tab();
    expect(await screen.findByText('Use only letters, digits, spaces and dashes')).toBeVisible();
    // The United States has no VAT IDs: the field goes, and with it its value and error.
    await user.selectOptions(screen.getByLabelText(texts.country), 'US');
    expect(screen.queryByLabelText(texts.taxId)).toBeNull();
    expect(screen.queryByText('Use only letters, digits, spaces and dashes')).toBeNull();
  });

  it('prefills them from the cart in German', async () => {
    const { texts } = await openCart(germanBusiness, 'de');
    expect(screen.getByLabelText(texts.companyName)).toHaveValue('Schmidt Werkzeuge GmbH');
    expect(screen.getByLabelText(texts.taxId)).toHaveValue('DE 123456789');
    expect(screen.getByLabelText(texts.purchaseOrder)).toHaveValue('PO-2026-17');
  });

  it.each([
    ['en', 'Enter a ZIP code: 12345 or 12345-6789'],
    ['de', 'Geben Sie eine ZIP-Postleitzahl ein: 12345 oder 12345-6789'],
  ] as const)('checks a US postal code as ZIP or ZIP+4 (%s)', async (locale, message) => {
    const { user, texts } = await openCart(texasBilling, locale);
    const postalCode = screen.getByLabelText(texts.postalCode);
    await user.clear(postalCode);
    await user.type(postalCode, '7502');
    await user.tab();
    expect(await screen.findByText(message)).toBeVisible();
    await user.type(postalCode, '4-1234');
    await user.tab();
    expect(screen.queryByText(message)).toBeNull();
  });

  it.each([
    ['en', 'Sales tax 8.25 % (TX)'],
    ['ru', 'Налог с продаж 8,25 % (TX)'],
  ] as const)('names the tax rate on the tax line (%s)', async (locale, label) => {
    await openCart(texasBilling, locale);
    expect(await screen.findByText(label)).toBeVisible();
  });
});

describe('checkout: what is being paid', () => {
  it('shows the lines, the tax with its rate, the total and a way back to the cart', async () => {
    await shopper({ cart: monthly });
    renderStore(<Checkout />, 'en');
    const order = within(await screen.findByRole('region', { name: 'Your order' }));
    expect(order.getByText('PDF Workshop Pro, monthly')).toBeVisible();
    expect(order.getByText('Sales tax 8.25 % (TX)')).toBeVisible();
    expect(order.getByTestId('checkout-tax')).toHaveTextContent('$0.82');
    expect(order.getByTestId('amount-due')).toHaveTextContent('$10.81');
    expect(order.getByRole('link', { name: 'Back to the shopping cart' })).toHaveAttribute('href', '/store/cart');
  });

  it('in German', async () => {
    await shopper({ cart: monthly, locale: 'de' });
    renderStore(<Checkout />, 'de');
    const order = within(await screen.findByRole('region', { name: 'Ihre Bestellung' }));
    expect(order.getByText('Sales Tax 8,25 % (TX)')).toBeVisible();
    expect(order.getByRole('link', { name: 'Zurück zum Warenkorb' })).toBeVisible();
  });

  it('a second tab whose order was paid in the first says so and links to the paid invoice', async () => {
    await shopper({ cart: monthly });
    renderStore(<Checkout />, 'en');
    const user = userEvent.setup();
    const form = within(await screen.findByTestId('manual-checkout'));
    // The first tab pays the same order.
    const sessionId = await payElsewhere(await checkoutElsewhere());
    const { InvoiceKey } = (await pageApi<{ InvoiceKey: string }>('POST', 'payment/manual-return', { Value: sessionId })).body;

    await payOnPage(user, form, testCards.success);
    expect(await screen.findByText('This order has already been paid in another window.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', `/account/billing/invoice/${InvoiceKey}`);
    expect(screen.queryByText(/payment session is already closed/)).toBeNull();
    expect(screen.queryByTestId('manual-checkout')).toBeNull();
  });
});

describe('billing page: an open checkout', () => {
  it('is not listed as owed: no Unpaid Pending, no Pay Now, and the page says where business details are kept', async () => {
    resetAccountState();
    await shopper({ cart: monthly });
    await checkoutElsewhere();
    appActions.setDisplayLanguage('en');
    renderWithIntl(
      <>
        <BillingOverview />
        <AuthDialogs />
        <SnackbarHost />
      </>,
      'en',
      { pathname: '/account/billing' },
    );
    expect(await screen.findByText('No invoices yet')).toBeVisible();
    expect(screen.queryByText('Unpaid Pending')).toBeNull();
    expect(screen.getByRole('link', { name: 'shopping cart' })).toHaveAttribute('href', '/store/cart');
  });
});

describe('invoice screen: business details and tax rate', () => {
  it('prints the company, tax ID, purchase order and the rate (en, de)', async () => {
    await shopper({ cart: monthly, billing: germanBusiness });
    await fillCart(monthly, { ...texasBilling, IsBusinessPurchase: true, CompanyName: 'Smith Tools LLC', PurchaseOrder: 'PO-7731' });
    const sessionId = await payElsewhere(await checkoutElsewhere());
    const { InvoiceKey } = (await pageApi<{ InvoiceKey: string }>('POST', 'payment/manual-return', { Value: sessionId })).body;
    const invoice = (await pageApi<Invoice>('GET', `billing/invoice/${InvoiceKey}`)).body;

    const { unmount } = renderWithIntl(<InvoiceDocument invoice={invoice} />, 'en');
    expect(within(screen.getByTestId('bill-to')).getByText('Smith Tools LLC')).toBeVisible();
    expect(within(screen.getByTestId('business-references')).getByText('PO-7731')).toBeVisible();
    expect(screen.getByText('Sales tax 8.25 % (TX)')).toBeVisible();
    unmount();
    renderWithIntl(<InvoiceDocument invoice={{ ...invoice, BillingTaxId: 'DE 123456789' }} />, 'de');
    const references = within(screen.getByTestId('business-references'));
    expect(references.getByText('Steuernummer')).toBeVisible();
    expect(references.getByText('Bestellnummer')).toBeVisible();
    expect(screen.getByText('Sales Tax 8,25 % (TX)')).toBeVisible();
  });
});
