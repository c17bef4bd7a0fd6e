import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PageError from '@/app/[locale]/error';
import GlobalError from '@/app/global-error';
import { renderWithIntl } from './render';

describe('a page that failed to render', () => {
  it('says so, offers another try and the way home, in English', async () => {
    const retry = jest.fn();
    renderWithIntl(<PageError error={new Error('boom')} retry={retry} />, 'en');
    // The view loads when a page fails.
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown.');
    expect(screen.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('in the page’s language, with the way home in it', async () => {
    renderWithIntl(<PageError error={new Error('boom')} retry={() => {}} />, 'ru');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Что-то пошло не так');
    expect(screen.getByRole('link', { name: 'Главная страница' })).toHaveAttribute('href', '/ru');
    expect(screen.getByRole('button', { name: 'ПОВТОРИТЬ' })).toBeVisible();
  });
});

describe('when even the layout failed', () => {
  it('draws a whole document in the address’s language', () => {
    window.history.pushState({}, '', '/de/contact');
    render(<GlobalError error={new Error('boom')} retry={() => {}} />, { container: document });
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Etwas ist schiefgelaufen');
    expect(screen.getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/de');
    window.history.pushState({}, '', '/');
  });
});
