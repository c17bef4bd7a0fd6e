import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unzipSync } from 'fflate';
import { AuthDialogs } from '@/components/account/AuthDialogs';
import { DataExportSection } from '@/components/account/settings/DataExportSection';
import type { AccountData } from '@/lib/contract/data-export';
import { appState } from '@/lib/state/app-state';
import { logInThroughDialog, resetAccountState } from './account-helpers';
import { renderWithIntl, routerCalls, type TestLocale } from './render';
import { signedIn } from './runner/accounts';
import { network, pageApi } from './runner/network';

// Each test signs up a real account; the links are fetched from the real backend.

beforeEach(resetAccountState);

function openSection(locale: TestLocale = 'en') {
  return renderWithIntl(
    <>
      <DataExportSection />
      <AuthDialogs />
    </>,
    locale,
    { pathname: '/account/settings' },
  );
}

const link = (name: string) => within(screen.getByRole('region', { name: 'Your data' })).getByRole('link', { name });
const today = () => new Date().toISOString().slice(0, 10);

describe('Your data (settings)', () => {
  it('explains the copy and links the JSON and the ZIP, which the browser saves with the session cookie alone', async () => {
    const account = await signedIn();
    openSection();
    expect(screen.getByText(/Download a copy of what your account holds/)).toBeVisible();
    expect(screen.getByText(/a PDF of every invoice/)).toBeVisible();
    const json = link('DOWNLOAD DATA (JSON)');
    const zip = link('DOWNLOAD DATA AND INVOICES (ZIP)');
    expect(json).toHaveAttribute('href', '/api/user/data-export?lang=en');
    expect(zip).toHaveAttribute('href', '/api/user/data-export/zip?lang=en');
    for (const download of [json, zip]) expect(download).toHaveAttribute('download');

    // What the browser gets for each link: its cookies go along, no application key or XSRF header.
    const jsonFile = await fetch(json.getAttribute('href')!);
    expect(jsonFile.status).toBe(200);
    expect(jsonFile.headers.get('content-disposition')).toBe(`attachment; filename="bluebonnet-data-${today()}.json"`);
    expect(((await jsonFile.json()) as AccountData).Profile.EmailAddress).toBe(account.email);
    const zipFile = await fetch(zip.getAttribute('href')!);
    expect(zipFile.status).toBe(200);
    expect(zipFile.headers.get('content-disposition')).toBe(`attachment; filename="bluebonnet-data-${today()}.zip"`);
    expect(Object.keys(unzipSync(new Uint8Array(await zipFile.arrayBuffer())))).toEqual(['data.json']);
  });

  it('names the links in German and Russian, and asks for the copy in that language', async () => {
    await signedIn();
    const { unmount } = openSection('de');
    const german = within(screen.getByRole('region', { name: 'Ihre Daten' }));
    expect(german.getByRole('link', { name: 'DATEN HERUNTERLADEN (JSON)' })).toHaveAttribute('href', '/api/user/data-export?lang=de');
    expect(german.getByRole('link', { name: 'DATEN UND RECHNUNGEN HERUNTERLADEN (ZIP)' })).toHaveAttribute(
      'href',
      '/api/user/data-export/zip?lang=de',
    );
    unmount();
    openSection('ru');
    const russian = within(screen.getByRole('region', { name: 'Ваши данные' }));
    expect(russian.getByRole('link', { name: 'СКАЧАТЬ ДАННЫЕ (JSON)' })).toHaveAttribute('href', '/api/user/data-export?lang=ru');
    expect(russian.getByRole('link', { name: 'СКАЧАТЬ ДАННЫЕ И СЧЕТА (ZIP)' })).toHaveAttribute(
      'href',
      '/api/user/data-export/zip?lang=ru',
    );
  });

  it('starts the download after checking the session', async () => {
    await signedIn();
    openSection();
    // jsdom cannot navigate: it reports the attempt as not implemented, which is the sign the link was followed.
    const notNavigated = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await userEvent.click(link('DOWNLOAD DATA AND INVOICES (ZIP)'));
      await network.settled();
      expect(network.calls('GET auth/session-info')).toHaveLength(1);
      expect(notNavigated).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/navigation/) }));
    } finally {
      notNavigated.mockRestore();
    }
    expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull();
  });

  it('asks for a login instead of downloading when the session has ended meanwhile, then comes back here', async () => {
    await signedIn();
    openSection();
    await pageApi('PUT', 'auth/logout'); // another tab logs out
    await userEvent.click(link('DOWNLOAD DATA (JSON)'));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(appState.get().sessionInfo).toBeNull();
    expect(network.calls((call) => call.path.startsWith('user/data-export'))).toEqual([]);
    await logInThroughDialog(userEvent.setup());
    expect(routerCalls).toEqual([{ method: 'push', href: '/account/settings' }]);
  });
});
