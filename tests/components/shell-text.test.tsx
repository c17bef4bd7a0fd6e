import { render, screen } from '@testing-library/react';
import { ShellI18nProvider, useShellText } from '@/components/shell/shell-i18n';
import type { MessageKey } from '@/i18n/messages';

function Texts() {
  const t = useShellText();
  return (
    <>
      <p>{t('snack.welcome', { name: 'Ann' })}</p>
      {/* Not a key of messages/: how a text that did not travel with the page shows. */}
      <p>{t('store.checkout.notCarried' as MessageKey)}</p>
    </>
  );
}

describe('the shell dictionary in the browser', () => {
  it('fills a text it carries, and says on the console when a key has no text (the key then shows)', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <ShellI18nProvider value={{ locale: 'en', texts: { 'snack.welcome': 'Welcome, {name}!' } }}>
          <Texts />
        </ShellI18nProvider>,
      );
      expect(screen.getByText('Welcome, Ann!')).toBeVisible();
      expect(screen.getByText('store.checkout.notCarried')).toBeVisible();
      expect(errors.mock.calls).toEqual([['No text for "store.checkout.notCarried" on this page']]);
    } finally {
      errors.mockRestore();
    }
  });
});
