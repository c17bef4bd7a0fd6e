import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { BillingOverview } from '@/components/billing/BillingOverview';
import { CardUpdate } from '@/components/billing/CardUpdate';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import type { CardOnFileResponse } from '@/lib/contract/billing';
import { appActions } from '@/lib/state/app-state';
import { resetAccountState, snackText } from './account-helpers';
import { customerWithActivePlan } from './billing-fixtures';
import { testCards } from './checkout-helpers';
import { renderWithIntl, routerCalls, type TestLocale } from './render';
import { signedIn, uniqueEmail } from './runner/accounts';
import { accepted, network, pageApi } from './runner/network';

// Each test signs an account up and, where it needs a card, buys through the real backend (the offline provider).

beforeEach(resetAccountState);

function renderPage(page: 'overview' | 'card', locale: TestLocale = 'en') {
  // The shell sends the page's language with every call.
  appActions.setDisplayLanguage(locale);
  const pathname = page === 'card' ? '/account/billing/card' : '/account/billing';
  return renderWithIntl(
    <>
      {page === 'card' ? <CardUpdate /> : <BillingOverview />}
      <AuthDialogs />
      <SnackbarHost />
    </>,
    locale,
    { pathname },
  );
}

const paymentMethod = async (name: string) => {
  const section = (await screen.findByRole('heading', { name })).closest('section')!;
  return within(section as HTMLElement);
};
const cardOnFile = () => accepted('read the card', pageApi<CardOnFileResponse>('GET', 'billing/card'));

describe('the payment method on the billing page', () => {
  it('says there is no card before a purchase, and offers UPDATE CARD', async () => {
    await signedIn({ email: uniqueEmail('no-card') });
    renderPage('overview');
    const section = await paymentMethod('Payment method');
    expect(await section.findByText('No card on file')).toBeVisible();
    expect(section.getByText('The card you pay with at checkout is kept here, and renewals are charged to it.')).toBeVisible();
    expect(section.getByRole('link', { name: 'UPDATE CARD' })).toHaveAttribute('href', '/account/billing/card');
  });

  it('shows the card that paid, with its expiry, in English and German', async () => {
    await customerWithActivePlan('card-shown');
    const { unmount } = renderPage('overview');
    const section = await paymentMethod('Payment method');
    expect(await section.findByText('Visa ending in 4242')).toBeVisible();
    expect(section.getByText('Expires 12/2030')).toBeVisible();
    expect(section.getByText('Your renewals are charged to this card.')).toBeVisible();
    unmount();
    renderPage('overview', 'de');
    const german = await paymentMethod('Zahlungsmethode');
    expect(await german.findByText('Visa mit Endziffern 4242')).toBeVisible();
    expect(german.getByText('Gültig bis 12/2030')).toBeVisible();
    expect(german.getByRole('link', { name: 'KARTE ÄNDERN' })).toHaveAttribute('href', '/de/account/billing/card');
  });

  it('shows a failure of its own and loads again on TRY AGAIN', async () => {
    await customerWithActivePlan('card-failure');
    network.gatewayError('GET billing/card');
    renderPage('overview');
    const section = await paymentMethod('Payment method');
    expect(await section.findByRole('alert')).toHaveTextContent('This page could not be loaded right now.');
    await userEvent.setup().click(section.getByRole('button', { name: 'TRY AGAIN' }));
    expect(await section.findByText('Visa ending in 4242')).toBeVisible();
  });
});

describe('updating the card with the offline provider’s test card form', () => {
  it('keeps the card on a decline, saves a new one and goes back to billing (German)', async () => {
    await customerWithActivePlan('card-update-de');
    renderPage('card', 'de');
    expect(screen.getByText('Wird geladen…')).toHaveAttribute('role', 'status');
    expect(await screen.findByText('Hinterlegte Karte: Visa mit Endziffern 4242')).toBeVisible();
    // The test card form loads when first drawn.
    await screen.findByLabelText('Kartennummer');
    const user = userEvent.setup();
    const fillCard = async (number: string, expiry: string) => {
      for (const [label, value] of [
        ['Kartennummer', number],
        ['Gültig bis (MM/JJ)', expiry],
        ['Prüfnummer (CVC)', '123'],
      ]) {
        const field = screen.getByLabelText(label);
        await user.clear(field);
        await user.type(field, value);
      }
    };
    await fillCard(testCards.declined, '12/30');
    await user.click(screen.getByRole('button', { name: 'KARTE SPEICHERN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Karte wurde abgelehnt.');
    expect((await cardOnFile()).Card).toMatchObject({ Last4: '4242' });

    await fillCard(testCards.renewalFails, '03/31');
    await user.click(screen.getByRole('button', { name: 'KARTE SPEICHERN' }));
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'push', href: '/de/account/billing' }]));
    expect(snackText()).toBe('Karte gespeichert. Ihre Verlängerungen werden ab jetzt davon abgebucht.');
    expect((await cardOnFile()).Card).toEqual({ Brand: 'visa', Last4: '0341', ExpMonth: 3, ExpYear: 2031 });
  });

  it('checks the fields before sending, and adds a first card (English)', async () => {
    await signedIn({ email: uniqueEmail('first-card') });
    renderPage('card');
    expect(await screen.findByText('No card on file')).toBeVisible();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'SAVE CARD' }));
    expect(network.calls('POST billing/card/manual')).toEqual([]);
    await user.type(screen.getByLabelText('Card number'), testCards.success);
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '11/29');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'SAVE CARD' }));
    await waitFor(() => expect(routerCalls).toEqual([{ method: 'push', href: '/account/billing' }]));
    expect(snackText()).toBe('Card saved. Your renewals are charged to it from now on.');
    expect((await cardOnFile()).Card).toEqual({ Brand: 'visa', Last4: '4242', ExpMonth: 11, ExpYear: 2029 });
  });
});
