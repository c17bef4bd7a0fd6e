import { screen } from '@testing-library/react';
import { CartSummary } from '@/components/store/CartSummary';
import type { CartModel } from '@/lib/contract/store';
import { messages, renderWithIntl, type TestLocale } from './render';

/** A cart billed outside Texas: no tax is charged on it. */
const exemptCart = {
  LineItems: [],
  SubTotalAmount: 999,
  TaxTotalAmount: 0,
  TotalAmount: 999,
  BillingName: 'Greta Beispiel',
  BillingAddress1: 'Hauptstraße 1',
  BillingAddress2: null,
  BillingCity: 'Berlin',
  BillingStateCode: null,
  BillingPostalCode: '10115',
  BillingCountryCode: 'DE',
  IsBusinessPurchase: true,
  IsTaxExempt: true,
  TaxRateBasisPoints: 0,
  BillingCompanyName: 'Schmidt Werkzeuge GmbH',
  BillingTaxId: 'DE 123456789',
  PurchaseOrder: null,
} satisfies CartModel;

describe.each(['en', 'de'] as TestLocale[])('a tax-exempt cart in %s', (locale) => {
  it('says so in the invoice’s words (the invoice page and the PDF use the same phrase)', () => {
    renderWithIntl(<CartSummary cart={exemptCart} tax="calculated" disabled={false} onRetry={() => {}} />, locale);
    expect(screen.getByTestId('cart-tax')).toHaveTextContent(messages[locale].billing.invoice.taxExempt);
  });

  it('shows the amount when tax is charged', () => {
    renderWithIntl(
      <CartSummary
        cart={{ ...exemptCart, IsTaxExempt: false, TaxTotalAmount: 82, TotalAmount: 1081 }}
        tax="calculated"
        disabled={false}
        onRetry={() => {}}
      />,
      locale,
    );
    expect(screen.getByTestId('cart-tax')).toHaveTextContent('$0.82');
  });
});
