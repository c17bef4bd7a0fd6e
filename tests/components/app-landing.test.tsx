import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { HostedAppLanding } from '@/components/billing/HostedAppLanding';
import type { HostedApp } from '@/lib/contract/hosted-apps';
import { appActions } from '@/lib/state/app-state';
import { resetAccountState } from './account-helpers';
import { customerWithActivePlan, readSubscription, subscriptionPage } from './billing-fixtures';
import { renderWithIntl, type TestLocale } from './render';
import { signedIn, uniqueEmail } from './runner/accounts';
import { network } from './runner/network';
import siteDe from '@/messages/site/de.json';
import siteEn from '@/messages/site/en.json';
import siteRu from '@/messages/site/ru.json';

// The component backend runs PDF Workshop at https://pdf.example.com/ and Personal Health nowhere yet (runner/global-setup.mjs).

beforeEach(resetAccountState);

const appNames = { pdf: 'PDF Workshop', health: 'Personal Health' } as const;
/** What the page hands over from site.apps, the app product pages' words (messages/site). */
const loginTexts = {
  en: { text: siteEn.site.apps.loginRequired, action: siteEn.site.apps.login },
  de: { text: siteDe.site.apps.loginRequired, action: siteDe.site.apps.login },
  ru: { text: siteRu.site.apps.loginRequired, action: siteRu.site.apps.login },
};

function renderLanding(app: HostedApp, locale: TestLocale = 'en') {
  // The shell sends the page's language with every call, so the backend names the plans in it.
  appActions.setDisplayLanguage(locale);
  renderWithIntl(
    <>
      <HostedAppLanding app={app} appName={appNames[app]} login={loginTexts[locale]} />
      <AuthDialogs />
    </>,
    locale,
    { pathname: `/apps/${app}` },
  );
  return userEvent.setup();
}

describe('app landing page', () => {
  it('logged out: says the login comes first and offers it, asking the backend nothing', async () => {
    appActions.markSessionChecked();
    const user = renderLanding('pdf');
    expect(await screen.findByText('You need to login first before accessing the app.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(network.calls('app/hosted-app/pdf')).toEqual([]);
  });

  it('logged out, in Russian', async () => {
    appActions.markSessionChecked();
    renderLanding('health', 'ru');
    expect(await screen.findByText('Чтобы открыть приложение, сначала войдите в систему.')).toBeVisible();
  });

  it('without a plan: the free plan every account has and the way to the prices; an app without its address opens soon', async () => {
    await signedIn({ email: uniqueEmail('no-plan') });
    renderLanding('health');
    expect(await screen.findByText('Every account has Personal Health Free.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See plans and prices' })).toHaveAttribute('href', '/store/pricing');
    expect(screen.getByTestId('app-entry')).toHaveTextContent(
      'Personal Health opens here soon. Your plan and licence key are ready for it.',
    );
    expect(within(screen.getByTestId('app-entry')).queryByRole('link')).toBeNull();
  });

  it('with a plan: its state, licence key and details, and the button into the app at its address', async () => {
    const { Key } = await customerWithActivePlan('landing');
    const { LicenseKey } = await readSubscription(Key);
    renderLanding('pdf');
    const plan = within(await screen.findByRole('listitem', { name: 'PDF Workshop Pro, monthly' }));
    expect(plan.getByTestId('subscription-state')).toHaveTextContent('Active');
    expect(LicenseKey).toMatch(/^BB-PDF-/);
    expect(plan.getByText(LicenseKey!)).toBeVisible();
    expect(plan.getByRole('link', { name: 'Subscription details' })).toHaveAttribute('href', subscriptionPage(Key));
    expect(screen.getByRole('link', { name: 'OPEN PDF WORKSHOP' })).toHaveAttribute('href', 'https://pdf.example.com/');
  });

  it('with a plan, in German', async () => {
    await customerWithActivePlan('landing-de');
    renderLanding('pdf', 'de');
    const plan = within(await screen.findByRole('listitem', { name: 'PDF Workshop Pro, monatlich' }));
    expect(plan.getByText('Lizenzschlüssel')).toBeVisible();
    expect(plan.getByTestId('subscription-state')).toHaveTextContent('Aktiv');
    expect(screen.getByRole('link', { name: 'PDF WORKSHOP ÖFFNEN' })).toHaveAttribute('href', 'https://pdf.example.com/');
  });
});
