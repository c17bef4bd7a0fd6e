import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubscriptionView } from '@/components/billing/SubscriptionView';
import { ConfirmDialog } from '@/components/dialogs/ConfirmDialog';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import type { Subscription } from '@/lib/contract/billing';
import { logIn, resetAccountState, serveApi, snackText, type ServerAnswer } from './account-helpers';
import { activeSubscription, invoiceKey, notFound, routes, subscriptionKey } from './billing-fixtures';
import { renderWithIntl, type TestLocale } from './render';

beforeEach(resetAccountState);

const path = `license/subscription/${subscriptionKey}`;

/** The page for a logged-in user, with the dialogs and snacks it uses, on the given fake backend. */
function renderSubscriptionPage(locale: TestLocale = 'en') {
  logIn();
  renderWithIntl(
    <>
      <SubscriptionView id={subscriptionKey} />
      <ConfirmDialog />
      <SnackbarHost />
    </>,
    locale,
    { pathname: `/account/billing/subscription/${subscriptionKey}` },
  );
  return userEvent.setup();
}

function openSubscription(subscription: Subscription | null, { cancel, locale = 'en' as TestLocale }: { cancel?: ServerAnswer; locale?: TestLocale } = {}) {
  const api = serveApi(routes({ [`GET ${path}`]: subscription ? { body: subscription } : notFound, [`DELETE ${path}`]: cancel }));
  return { api, user: renderSubscriptionPage(locale) };
}

const cancelButton = () => screen.findByRole('button', { name: 'CANCEL SUBSCRIPTION' });
const nextRenewal = () => screen.getByTestId('next-renewal');

describe('subscription page (screen 19)', () => {
  it('shows the subscription, its state, dates and links', async () => {
    openSubscription(activeSubscription);
    expect(await screen.findByRole('heading', { name: 'PDF Workshop Pro, monthly' })).toBeVisible();
    expect(screen.getByTestId('subscription-state')).toHaveTextContent('Active');
    expect(nextRenewal()).toHaveTextContent('12/01/2025');
    const links = within(screen.getByRole('navigation', { name: 'Related' }));
    expect(links.getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', `/account/billing/invoice/${invoiceKey}`);
    expect(links.getByRole('link', { name: 'Product page' })).toHaveAttribute('href', '/solutions/pdf');
    expect(links.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', '/apps/pdf');
  });

  it.each<[string, Partial<Subscription>]>([
    ['Active', {}],
    ['Expired', { IsActive: false, HasExpired: true }],
    ['Pending', { IsActive: false }],
    ['Renewed', { IsActive: false, HasExpired: true, IsRenewed: true }],
    ['INACTIVE', { IsActive: false, IsActivated: false }],
    ['INVALID', { IsActive: false, IsValid: false }],
  ])('shows the state %s (spec §4 table)', async (text, change) => {
    openSubscription({ ...activeSubscription, ...change });
    expect(await screen.findByTestId('subscription-state')).toHaveTextContent(new RegExp(`^${text}$`));
  });

  it('shows Renewal Failed! instead of the renewal date', async () => {
    openSubscription({ ...activeSubscription, RenewalFailed: true });
    expect(await screen.findByText('Renewal Failed!')).toBeVisible();
  });

  it('cannot cancel without a next renewal date', async () => {
    openSubscription({ ...activeSubscription, IsCancelled: true, NextRenewalDate: null });
    expect(await cancelButton()).toBeDisabled();
    expect(nextRenewal()).toHaveTextContent('Cancelled');
    expect(screen.getByText('There is no upcoming renewal to cancel.')).toBeVisible();
  });

  it('cancels after the warn-styled confirmation: Cancelled, no renewal date, Subscription cancelled', async () => {
    const { api, user } = openSubscription(activeSubscription, { cancel: { body: { ErrorMessages: [], Data: null } } });
    await user.click(await cancelButton());
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(dialog).toHaveTextContent('Are you sure you want to cancel this subscription?');
    const yes = within(dialog).getByRole('button', { name: 'Yes' });
    expect(yes.className).toContain('bg-warn-600');
    await user.click(yes);
    await waitFor(() => expect(snackText()).toBe('Subscription cancelled'));
    expect(api.to(path).map((call) => call.method)).toEqual(['GET', 'DELETE']);
    expect(nextRenewal()).toHaveTextContent(/^Cancelled$/);
    expect(await cancelButton()).toBeDisabled();
  });

  it('does nothing when the confirmation is answered No', async () => {
    const { api, user } = openSubscription(activeSubscription);
    await user.click(await cancelButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to(path).map((call) => call.method)).toEqual(['GET']);
    expect(nextRenewal()).toHaveTextContent('12/01/2025');
    expect(await cancelButton()).toBeEnabled();
  });

  it('shows the server refusal and keeps the renewal date', async () => {
    const { user } = openSubscription(activeSubscription, { cancel: { status: 400, body: { ErrorMessages: [{ Message: 'This subscription has no renewal to cancel.' }] } } });
    await user.click(await cancelButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(snackText()).toBe('This subscription has no renewal to cancel.'));
    expect(nextRenewal()).toHaveTextContent('12/01/2025');
  });

  it('after a refusal shows the subscription as it now is (cancelled in another tab)', async () => {
    let cancelledElsewhere = false;
    const api = serveApi((call) => {
      if (call.path !== path) return undefined;
      if (call.method === 'DELETE') {
        cancelledElsewhere = true;
        return { status: 400, body: { ErrorMessages: [{ Message: 'This subscription has no renewal to cancel.' }] } };
      }
      return { body: cancelledElsewhere ? { ...activeSubscription, IsCancelled: true, NextRenewalDate: null } : activeSubscription };
    });
    const user = renderSubscriptionPage();
    await user.click(await cancelButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(nextRenewal()).toHaveTextContent(/^Cancelled$/));
    expect(await cancelButton()).toBeDisabled();
    expect(snackText()).toBe('This subscription has no renewal to cancel.');
    expect(api.to(path).map((call) => call.method)).toEqual(['GET', 'DELETE', 'GET']);
  });

  it('says clearly when the subscription is not there or not yours (404)', async () => {
    openSubscription(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('This subscription was not found.');
    expect(snackText()).toBeNull();
  });

  it('speaks Russian through the whole cancel', async () => {
    const { user } = openSubscription(activeSubscription, { locale: 'ru', cancel: { body: { ErrorMessages: [], Data: null } } });
    await user.click(await screen.findByRole('button', { name: 'ОТМЕНИТЬ ПОДПИСКУ' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Отмена подписки' })).getByRole('button', { name: 'Да' }));
    await waitFor(() => expect(snackText()).toBe('Подписка отменена'));
    expect(nextRenewal()).toHaveTextContent('Отменена');
  });
});
