import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuditLog } from '@/components/admin/AuditLog';
import { adminTexts, renderConsole, resetConsoleState, staffInConsole } from './admin-helpers';
import { routerCalls } from './render';
import { newOffer } from '../support/offers';
import { accepted, network, pageApi } from './runner/network';

// The audit log in words, against the real backend: its entries are made by real console calls.

beforeEach(resetConsoleState);

const t = adminTexts('en');

/** A new offer made and repriced from the console: two entries with money in them. */
async function repricedOffer(): Promise<{ key: string; name: string }> {
  const key = `audit-${Date.now()}`;
  const offer = newOffer(key);
  await accepted('create an offer', pageApi('POST', 'admin/offers', offer));
  const { Description, ServiceName, ServiceHomePage, AppPage, Savings, TrialDays, Items } = offer;
  const edit = { Description, ServiceName, ServiceHomePage, AppPage, Savings, TrialDays, Items, Price: 129900 };
  await accepted('reprice it', pageApi('PUT', `admin/offers/${key}`, edit));
  return { key, name: offer.Description.en };
}

describe('the audit log', () => {
  it('shows actions in words, targets as named links and changes as money', async () => {
    await staffInConsole('owner');
    const { key, name } = await repricedOffer();
    renderConsole(<AuditLog />, { pathname: '/admin/audit' });

    const entries = await screen.findAllByTestId('audit-entry');
    const edit = entries.find((entry) => within(entry).queryByText(t.audit.actions['offer-edit']))!;
    const link = within(edit).getByRole('link', { name });
    expect(link).toHaveAttribute('href', expect.stringContaining(`/admin/catalog/${key}`));
    expect(edit).toHaveTextContent(new RegExp(`${t.audit.fields.Price}: \\$250\\.00 →\\s*${t.audit.becomes} \\$1,299\\.00`));
    expect(edit).not.toHaveTextContent('{');
  });

  it('speaks Russian: the action, the field and the money', async () => {
    await staffInConsole('owner');
    await repricedOffer();
    renderConsole(<AuditLog />, { locale: 'ru', pathname: '/admin/audit' });
    const ru = adminTexts('ru').audit;
    const entries = await screen.findAllByTestId('audit-entry');
    const edit = entries.find((entry) => within(entry).queryByText(ru.actions['offer-edit']))!;
    expect(edit).toHaveTextContent(new RegExp(`${ru.fields.Price}: 250,00\\s\\$ →\\s*${ru.becomes} 1\\s299,00\\s\\$`));
  });

  it('filters on the server by action and staff member, and keeps the filters in the address', async () => {
    const user = userEvent.setup();
    const { email } = await staffInConsole('owner');
    await repricedOffer();
    renderConsole(<AuditLog />, { pathname: '/admin/audit' });
    await screen.findAllByTestId('audit-entry');

    const filters = screen.getByRole('form', { name: t.audit.filters });
    await user.selectOptions(await within(filters).findByLabelText(t.audit.actionFilter), t.audit.actions['offer-create']);
    await user.selectOptions(within(filters).getByLabelText(t.audit.staffFilter), email);
    await user.click(within(filters).getByRole('button', { name: t.audit.apply }));

    await waitFor(() =>
      expect(network.calls((made) => made.path.includes('action=offer.create'))).toContainEqual(
        expect.objectContaining({ path: expect.stringContaining(`staff=${encodeURIComponent(email)}`) }),
      ),
    );
    expect(routerCalls.at(-1)?.href).toContain('action=offer.create');
    const entries = await screen.findAllByTestId('audit-entry');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toHaveTextContent(t.audit.actions['offer-create']);
  });
});
