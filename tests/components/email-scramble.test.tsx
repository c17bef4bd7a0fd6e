import { act, render, screen } from '@testing-library/react';
import { EmailScramble } from '@/components/site/EmailScramble';
import { brand } from '@/lib/config';
import de from '@/messages/site/de.json';
import en from '@/messages/site/en.json';
import ru from '@/messages/site/ru.json';

const statements = { en: en.site.contact.emailStatement, de: de.site.contact.emailStatement, ru: ru.site.contact.emailStatement };

// jsdom has no matchMedia: this visitor has not asked for reduced motion.
beforeAll(() => {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

afterEach(() => jest.useRealTimers());

/**
 * Watches the line on Jest's clock until it stands still, and counts how often the address
 * came fully into view. As in a browser, the animation's code arrives a little after the line
 * appeared, at a fraction of a millisecond: clocks have fractions but timers take whole
 * milliseconds (Jest's fake ones too), so they fire up to a millisecond early.
 */
async function roundsUntilStill(statement: string): Promise<number> {
  jest.useFakeTimers();
  render(<EmailScramble address={brand.supportEmail} statement={statement} />);
  jest.advanceTimersByTime(37.3);
  const line = screen.getByTestId('email-scramble').querySelectorAll('[aria-hidden]')[0];
  let rounds = 0;
  let addressShown = false;
  for (let waited = 0; waited < 120_000; waited += 20) {
    await act(() => jest.advanceTimersByTimeAsync(20));
    const showsAddress = line.textContent === brand.supportEmail;
    if (showsAddress && !addressShown) rounds++;
    addressShown = showsAddress;
    if (waited > 0 && jest.getTimerCount() === 0) break;
  }
  expect(jest.getTimerCount()).toBe(0);
  expect(line).toHaveTextContent(brand.supportEmail);
  return rounds;
}

describe('the contact page’s email line', () => {
  it.each(['en', 'de', 'ru'] as const)('reveals the address three times in %s, then rests on it', async (locale) => {
    expect(await roundsUntilStill(statements[locale])).toBe(3);
  });
});
