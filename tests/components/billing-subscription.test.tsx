import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubscriptionStateBadge } from '@/components/billing/status';
import { SubscriptionView } from '@/components/billing/SubscriptionView';
import { ConfirmDialog } from '@/components/dialogs/ConfirmDialog';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import type { Subscription } from '@/lib/contract/billing';
import { appActions } from '@/lib/state/app-state';
import { resetAccountState, snackText } from './account-helpers';
import {
  cancelElsewhere,
  customerWithActivePlan,
  customerWithBillingHistory,
  invoicePage,
  readSubscription,
  renewNow,
  shareCustomerState,
  subscriptionPage,
  unknownKey,
  utcDay,
} from './billing-fixtures';
import { renderWithIntl, routerCalls, type TestLocale } from './render';
import { network } from './runner/network';

// Each setup signs an account up and buys through the real backend.

beforeEach(resetAccountState);

/** The page of one subscription for the logged-in user, with the dialogs and snacks it uses. */
function renderSubscriptionPage(key: string, locale: TestLocale = 'en', search = '') {
  // The shell sends the page's language with every call, so the backend words its texts in it.
  appActions.setDisplayLanguage(locale);
  renderWithIntl(
    <>
      <SubscriptionView id={key} />
      <ConfirmDialog />
      <SnackbarHost />
    </>,
    locale,
    { pathname: subscriptionPage(key), search },
  );
  return userEvent.setup();
}

const cancelButton = () => screen.findByRole('button', { name: 'CANCEL SUBSCRIPTION' });
const resumeButton = () => screen.findByRole('button', { name: 'RESUME SUBSCRIPTION' });
const nextRenewal = () => screen.getByTestId('next-renewal');
/** The methods the page sent for this subscription, in order. */
const sentFor = (key: string) => network.calls(`license/subscription/${key}`).map((call) => call.method);

describe('subscription page (screen 19)', () => {
  describe('for a customer with subscriptions in every reachable state', () => {
    let history!: Awaited<ReturnType<typeof customerWithBillingHistory>>;
    shareCustomerState(customerWithBillingHistory, (built) => (history = built));

    it('shows the subscription, its state, dates and links', async () => {
      const { active } = history;
      renderSubscriptionPage(active.Key);
      expect(await screen.findByRole('heading', { name: 'Personal Health Plus, monthly' })).toBeVisible();
      expect(screen.getByTestId('subscription-state')).toHaveTextContent('Active');
      expect(screen.getByText(utcDay(active.EffectiveDate))).toBeVisible();
      expect(nextRenewal()).toHaveTextContent(utcDay(active.NextRenewalDate));
      const links = within(screen.getByRole('navigation', { name: 'Related' }));
      // A renewed period belongs to the renewal's invoice.
      expect(links.getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', invoicePage(history.renewalInvoice.Key));
      expect(links.getByRole('link', { name: 'Product page' })).toHaveAttribute('href', '/solutions/health');
      expect(links.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', '/apps/health');
    });

    it.each<[string, () => Subscription]>([
      ['Active', () => history.active],
      // The yearly plan's renewal failed: its paid period is over.
      ['Expired', () => history.renewalFailed],
      ['Renewed', () => history.renewed],
    ])('shows the state %s (the subscription-states table)', async (text, subscription) => {
      renderSubscriptionPage(subscription().Key);
      expect(await screen.findByTestId('subscription-state')).toHaveTextContent(new RegExp(`^${text}$`));
    });

    // No backend path makes a subscription pending, not activated or invalid yet (nothing sets
    // those flags, see server/services/billing/subscriptions.ts): the page's badge is given the backend's
    // own subscription with the flags changed, with no call at all.
    it.each<[string, Partial<Subscription>]>([
      ['Pending', { IsActive: false }],
      ['INACTIVE', { IsActive: false, IsActivated: false }],
      ['INVALID', { IsActive: false, IsValid: false }],
    ])('shows the state %s (the subscription-states table; a changed model: the backend cannot produce it yet)', (text, change) => {
      renderWithIntl(<SubscriptionStateBadge subscription={{ ...history.active, ...change }} />);
      expect(screen.getByTestId('subscription-state')).toHaveTextContent(new RegExp(`^${text}$`));
    });

    it('shows Renewal Failed! instead of the renewal date, and leads to the unpaid invoice', async () => {
      renderSubscriptionPage(history.renewalFailed.Key);
      expect(await screen.findByText('Renewal Failed!')).toBeVisible();
      expect(screen.getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', invoicePage(history.unpaidInvoice.Key));
    });

    it('cannot cancel without a next renewal date', async () => {
      renderSubscriptionPage(history.renewalFailed.Key);
      expect(await cancelButton()).toBeDisabled();
      expect(screen.getByText('There is no upcoming renewal to cancel.')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'RESUME SUBSCRIPTION' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'CHANGE PLAN' })).toBeNull();
    });

    it('does nothing when the confirmation is answered No', async () => {
      const { active } = history;
      const user = renderSubscriptionPage(active.Key);
      await user.click(await cancelButton());
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sentFor(active.Key)).toEqual(['GET']);
      expect(nextRenewal()).toHaveTextContent(utcDay(active.NextRenewalDate));
      expect(await cancelButton()).toBeEnabled();
      expect(await readSubscription(active.Key)).toMatchObject({ IsCancelled: false, NextRenewalDate: active.NextRenewalDate });
    });

    it('says clearly when the subscription is not there (404)', async () => {
      renderSubscriptionPage(unknownKey());
      expect(await screen.findByRole('alert')).toHaveTextContent('This subscription was not found.');
      expect(snackText()).toBeNull();
    });
  });

  describe('the next charge (an account of its own per test)', () => {
    it.each<[TestLocale, string, (amount: string, date: string) => string]>([
      ['en', 'Next charge', (amount, date) => `${amount} on ${date}`],
      ['de', 'Nächste Abbuchung', (amount, date) => `${amount} am ${date}`],
    ])('shows what the next renewal charges and when (%s), and none once cancelled', async (locale, label, text) => {
      const subscription = await customerWithActivePlan(`next-charge-${locale}`);
      renderSubscriptionPage(subscription.Key, locale);
      // $9.99 with the 8.25 % Texas tax it was bought with.
      const amount = '\\$10\\.81';
      expect(await screen.findByTestId('next-charge')).toHaveTextContent(
        new RegExp(`^${text(amount, utcDay(subscription.NextRenewalDate))}$`),
      );
      expect(screen.getByText(label)).toBeVisible();
      cleanup();
      await cancelElsewhere(subscription.Key);
      renderSubscriptionPage(subscription.Key, locale);
      await screen.findByTestId('subscription-state');
      expect(screen.queryByTestId('next-charge')).toBeNull();
      expect(screen.queryByText(label)).toBeNull();
    });
  });

  describe('cancelling (an account of its own per test)', () => {
    it('cancels after the warn-styled confirmation: Cancelled, no renewal date, Subscription cancelled', async () => {
      const subscription = await customerWithActivePlan('cancel');
      const user = renderSubscriptionPage(subscription.Key);
      await user.click(await cancelButton());
      const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
      expect(dialog).toHaveTextContent('Are you sure you want to cancel this subscription?');
      const yes = within(dialog).getByRole('button', { name: 'Yes' });
      expect(yes.className).toContain('btn-warn');
      await user.click(yes);
      await waitFor(() => expect(snackText()).toBe('Subscription cancelled'));
      expect(sentFor(subscription.Key)).toEqual(['GET', 'DELETE']);
      expect(nextRenewal()).toHaveTextContent(/^Cancelled$/);
      // The paid period runs on: the cancel can be undone, and the focus stays in the section.
      expect(await resumeButton()).toBeEnabled();
      expect(screen.getByRole('heading', { name: 'Subscription cancelled' })).toHaveFocus();
      expect(await readSubscription(subscription.Key)).toMatchObject({ IsCancelled: true, NextRenewalDate: null });
    });

    it('shows the server refusal and does not claim a cancel (the period renewed meanwhile)', async () => {
      const subscription = await customerWithActivePlan('refused');
      const user = renderSubscriptionPage(subscription.Key);
      await user.click(await cancelButton());
      // While the dialog is open, the period ends and renews: this period has no renewal left.
      await renewNow();
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(snackText()).toBe('This subscription has no renewal to cancel.'));
      await waitFor(() => expect(screen.getByTestId('subscription-state')).toHaveTextContent(/^Renewed$/));
      expect(nextRenewal()).not.toHaveTextContent('Cancelled');
      expect(nextRenewal()).toHaveTextContent(/^—No renewal$/);
      expect(await readSubscription(subscription.Key)).toMatchObject({ IsCancelled: false, IsRenewed: true });
    });

    it('after a refusal shows the subscription as it now is (cancelled in another tab)', async () => {
      const subscription = await customerWithActivePlan('elsewhere');
      const user = renderSubscriptionPage(subscription.Key);
      await user.click(await cancelButton());
      await cancelElsewhere(subscription.Key);
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(nextRenewal()).toHaveTextContent(/^Cancelled$/));
      expect(await resumeButton()).toBeEnabled();
      expect(snackText()).toBe('This subscription has no renewal to cancel.');
      expect(sentFor(subscription.Key)).toEqual(['GET', 'DELETE', 'GET']);
    });

    it('speaks Russian through the whole cancel', async () => {
      const subscription = await customerWithActivePlan('russian');
      const user = renderSubscriptionPage(subscription.Key, 'ru');
      await user.click(await screen.findByRole('button', { name: 'ОТМЕНИТЬ ПОДПИСКУ' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Отмена подписки' })).getByRole('button', { name: 'Да' }));
      await waitFor(() => expect(snackText()).toBe('Подписка отменена'));
      expect(nextRenewal()).toHaveTextContent('Отменена');
      expect(await readSubscription(subscription.Key)).toMatchObject({ IsCancelled: true });
    });
  });

  describe('resuming (an account of its own per test)', () => {
    it('resumes a cancelled subscription: the renewal date comes back, Subscription resumed', async () => {
      const subscription = await customerWithActivePlan('resume');
      await cancelElsewhere(subscription.Key);
      const user = renderSubscriptionPage(subscription.Key);
      // RESUME instead of cancel while the paid period runs; no plan change for a cancelled one.
      expect(await resumeButton()).toBeEnabled();
      expect(nextRenewal()).toHaveTextContent(/^Cancelled$/);
      expect(
        screen.getByText(`It does not renew. You can resume it until ${utcDay(subscription.ExpirationDate)}`, { exact: false }),
      ).toBeVisible();
      expect(screen.queryByRole('button', { name: 'CANCEL SUBSCRIPTION' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'CHANGE PLAN' })).toBeNull();
      await user.click(await resumeButton());
      await waitFor(() => expect(snackText()).toBe('Subscription resumed'));
      expect(nextRenewal()).toHaveTextContent(utcDay(subscription.ExpirationDate));
      expect(await cancelButton()).toBeEnabled();
      expect(screen.getByRole('heading', { name: 'Cancel subscription' })).toHaveFocus();
      expect(await readSubscription(subscription.Key)).toMatchObject({
        IsCancelled: false,
        NextRenewalDate: subscription.ExpirationDate,
      });
    });

    it('speaks German through the resume', async () => {
      const subscription = await customerWithActivePlan('resume-de');
      await cancelElsewhere(subscription.Key);
      const user = renderSubscriptionPage(subscription.Key, 'de');
      expect(await screen.findByRole('heading', { name: 'Abonnement gekündigt' })).toBeVisible();
      await user.click(await screen.findByRole('button', { name: 'ABONNEMENT FORTSETZEN' }));
      await waitFor(() => expect(snackText()).toBe('Abonnement fortgesetzt'));
      expect(await readSubscription(subscription.Key)).toMatchObject({ IsCancelled: false });
    });
  });

  describe('changing plan and seats (an account of its own per test)', () => {
    const preview = () => screen.getByTestId('change-preview');

    it('previews more seats with the charge now and at the renewal, then applies it', async () => {
      const subscription = await customerWithActivePlan('change');
      const user = renderSubscriptionPage(subscription.Key);
      await user.click(await screen.findByRole('button', { name: 'CHANGE PLAN' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Change plan' }));
      expect(await dialog.findByRole('option', { name: 'PDF Workshop Pro, yearly – $99.00' })).toBeInTheDocument();
      expect(dialog.queryByRole('option', { name: /Personal Health/ })).toBeNull();
      expect(preview()).toHaveTextContent('Choose another plan or number of seats.');
      expect(dialog.getByRole('button', { name: 'CONFIRM' })).toBeDisabled();
      const seats = dialog.getByLabelText('Seats');
      await user.clear(seats);
      await user.type(seats, '3');
      // Three seats bill $29.97 and Texas tax $2.47 at the renewal; the rest of this month is charged now.
      await waitFor(() => expect(screen.getByTestId('due-now')).toHaveTextContent(/^\$\d+\.\d\d \(including \$\d+\.\d\d tax\)$/));
      expect(screen.getByTestId('next-renewal-charge')).toHaveTextContent(
        `$32.44 on ${utcDay(subscription.NextRenewalDate)} (including $2.47 tax)`,
      );
      await user.click(dialog.getByRole('button', { name: 'CONFIRM' }));
      await waitFor(() => expect(snackText()).toBe('Plan changed'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await readSubscription(subscription.Key)).toMatchObject({ IsRenewed: true, NextRenewalDate: null });
    });

    it('opens with one seat more from the pricing page’s ADD A SEAT, and closed it stays closed', async () => {
      const subscription = await customerWithActivePlan('add-seat');
      renderSubscriptionPage(subscription.Key, 'en', 'add_seat=1');
      const dialog = within(await screen.findByRole('dialog', { name: 'Change plan' }));
      expect(dialog.getByLabelText('Seats')).toHaveValue(2);
      await waitFor(() => expect(screen.getByTestId('due-now')).toHaveTextContent(/^\$\d+\.\d\d \(including \$\d+\.\d\d tax\)$/));
      await userEvent.setup().click(dialog.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(routerCalls).toContainEqual({ method: 'replace', href: subscriptionPage(subscription.Key) });
    });

    it('says a seat count out of range, asks nothing of the server and cannot confirm', async () => {
      const subscription = await customerWithActivePlan('change-bad');
      const user = renderSubscriptionPage(subscription.Key);
      await user.click(await screen.findByRole('button', { name: 'CHANGE PLAN' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Change plan' }));
      const seats = dialog.getByLabelText('Seats');
      await user.clear(seats);
      await user.type(seats, '101');
      expect(dialog.getAllByText('1 to 100').length).toBeGreaterThan(0);
      expect(seats).toHaveAttribute('aria-invalid', 'true');
      expect(dialog.getByRole('button', { name: 'CONFIRM' })).toBeDisabled();
      // Only the counts typed on the way (1, 10) were priced, never 101.
      const priced = network.calls(`license/subscription/${subscription.Key}/change-preview`);
      expect(priced.map((call) => (call.body as { Quantity: number }).Quantity)).toEqual([10]);
      expect(screen.queryByTestId('due-now')).toBeNull();
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await readSubscription(subscription.Key)).toMatchObject({ Quantity: 1, IsRenewed: false });
    });

    it('schedules fewer seats for the renewal: the period keeps its seats until then, and choosing them again drops the change', async () => {
      const subscription = await customerWithActivePlan('change-down', 2);
      const renewal = utcDay(subscription.NextRenewalDate);
      const user = renderSubscriptionPage(subscription.Key);
      await user.click(await screen.findByRole('button', { name: 'CHANGE PLAN' }));
      let dialog = within(await screen.findByRole('dialog', { name: 'Change plan' }));
      const seats = dialog.getByLabelText('Seats');
      await user.clear(seats);
      await user.type(seats, '1');
      // One seat bills $9.99 and Texas tax $0.82 at the renewal.
      await waitFor(() =>
        expect(screen.getByTestId('due-now')).toHaveTextContent(
          `Nothing is charged now. Your plan stays as it is until ${renewal}; from then you pay $10.81 for PDF Workshop Pro, monthly × 1.`,
        ),
      );
      await user.click(dialog.getByRole('button', { name: 'CONFIRM' }));
      await waitFor(() => expect(snackText()).toBe('Plan change scheduled'));
      expect(await screen.findByTestId('scheduled-change')).toHaveTextContent(`Changes to PDF Workshop Pro, monthly × 1 on ${renewal}`);
      expect(screen.getByRole('heading', { name: 'PDF Workshop Pro, monthly × 2' })).toBeVisible();
      expect(screen.getByTestId('next-charge')).toHaveTextContent(`$10.81 on ${renewal}`);

      // The dialog opens at the scheduled seats; the two paid for again drop the change.
      await user.click(screen.getByRole('button', { name: 'CHANGE PLAN' }));
      dialog = within(await screen.findByRole('dialog', { name: 'Change plan' }));
      expect(dialog.getByLabelText('Seats')).toHaveValue(1);
      await user.clear(dialog.getByLabelText('Seats'));
      await user.type(dialog.getByLabelText('Seats'), '2');
      await waitFor(() =>
        expect(screen.getByTestId('due-now')).toHaveTextContent(
          `Nothing is charged now. The change planned for ${renewal} is dropped: you keep PDF Workshop Pro, monthly × 2.`,
        ),
      );
      await user.click(dialog.getByRole('button', { name: 'CONFIRM' }));
      await waitFor(() => expect(snackText()).toBe('Scheduled plan change dropped'));
      await waitFor(() => expect(screen.queryByTestId('scheduled-change')).toBeNull());
      expect(await readSubscription(subscription.Key)).toMatchObject({ Quantity: 2, ScheduledChange: null });
    });

    it('says the scheduled change in German and Russian, in the dialog and on the page', async () => {
      const subscription = await customerWithActivePlan('change-down-de', 2);
      const renewal = utcDay(subscription.NextRenewalDate);
      const user = renderSubscriptionPage(subscription.Key, 'de');
      await user.click(await screen.findByRole('button', { name: 'TARIF ÄNDERN' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Tarif ändern' }));
      await user.clear(dialog.getByLabelText('Plätze'));
      await user.type(dialog.getByLabelText('Plätze'), '1');
      await waitFor(() =>
        expect(screen.getByTestId('due-now')).toHaveTextContent(
          `Jetzt wird nichts berechnet. Ihr Tarif bleibt bis zum ${renewal} unverändert; ab dann zahlen Sie $10.81 für PDF Workshop Pro, monatlich × 1.`,
        ),
      );
      await user.click(dialog.getByRole('button', { name: 'BESTÄTIGEN' }));
      expect(await screen.findByTestId('scheduled-change')).toHaveTextContent(`Wechselt am ${renewal} zu PDF Workshop Pro, monatlich × 1`);
      cleanup();
      renderSubscriptionPage(subscription.Key, 'ru');
      expect(await screen.findByTestId('scheduled-change')).toHaveTextContent(`Переход на PDF Workshop Pro, помесячно × 1 с ${renewal}`);
    });

    it('speaks Russian in the dialog: the yearly plan priced now and at its renewal', async () => {
      const subscription = await customerWithActivePlan('change-ru');
      const user = renderSubscriptionPage(subscription.Key, 'ru');
      await user.click(await screen.findByRole('button', { name: 'СМЕНИТЬ ТАРИФ' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Смена тарифа' }));
      await dialog.findByRole('option', { name: 'PDF Workshop Pro, на год – $99.00' });
      await user.selectOptions(dialog.getByLabelText('Тариф'), 'pdf-workshop-pro-yearly');
      await waitFor(() => expect(screen.getByTestId('due-now')).toHaveTextContent(/включая налог/));
      const nextYear = new Date();
      nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
      expect(screen.getByTestId('next-renewal-charge')).toHaveTextContent(
        `$107.17, ${utcDay(nextYear.toISOString())} (включая налог $8.17)`,
      );
      await user.click(dialog.getByRole('button', { name: 'Отмена' }));
      expect(await readSubscription(subscription.Key)).toMatchObject({ OfferKey: 'pdf-workshop-pro-monthly', IsRenewed: false });
    });
  });
});
