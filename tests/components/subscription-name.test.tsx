import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { SubscriptionName } from '@/components/billing/status';
import { messages } from './render';

function renderName(quantity: number, locale: 'en' | 'de' = 'en') {
  render(
    <NextIntlClientProvider locale={locale} messages={messages[locale]}>
      <p data-testid="name">
        <SubscriptionName subscription={{ Description: 'PDF Workshop Pro, monthly', Quantity: quantity }} />
      </p>
    </NextIntlClientProvider>,
  );
  return screen.getByTestId('name');
}

describe('a subscription’s name in the billing pages', () => {
  it('says how many it holds when more than one', () => {
    expect(renderName(2)).toHaveTextContent(/^PDF Workshop Pro, monthly × 2$/);
  });

  it('is the offer alone for one', () => {
    expect(renderName(1, 'de')).toHaveTextContent(/^PDF Workshop Pro, monthly$/);
  });
});
