/**
 * How long the snack bar keeps a snack (docs/product/pages.md#snackbar), on fake timers: the
 * flows' tests check the duration each flow gives its snack (expectSnackLasts), this the host
 * keeping it exactly that long.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import { snackbarDurations } from '@/lib/config';
import { showError, showSuccess, snackbarStore } from '@/lib/state/snackbar';
import { renderWithIntl } from './render';

const shownSnack = () => screen.queryByTestId('snackbar');

beforeEach(() => {
  jest.useFakeTimers();
  snackbarStore.reset();
  renderWithIntl(<SnackbarHost />);
});
afterEach(() => jest.useRealTimers());

it.each([snackbarDurations.short, snackbarDurations.long, snackbarDurations.contactSuccess])(
  'a snack of %i ms stays that long, then goes by itself',
  (duration) => {
    act(() => showSuccess({ text: 'Saved' }, duration));
    expect(shownSnack()).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(duration - 1));
    expect(shownSnack()).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(1));
    expect(shownSnack()).toBeNull();
  },
);

it('a sticky snack stays until the visitor dismisses it', () => {
  act(() => showError({ text: 'It failed' }));
  act(() => jest.advanceTimersByTime(60 * 60_000));
  expect(shownSnack()).toHaveTextContent('It failed');
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(shownSnack()).toBeNull();
});

it('a snack that replaces another gets its own whole duration', () => {
  act(() => showSuccess({ text: 'First' }, snackbarDurations.long));
  act(() => jest.advanceTimersByTime(snackbarDurations.long - 1000));
  act(() => showSuccess({ text: 'Second' }, snackbarDurations.short));
  act(() => jest.advanceTimersByTime(snackbarDurations.short - 1));
  expect(shownSnack()).toHaveTextContent('Second');
  act(() => jest.advanceTimersByTime(1));
  expect(shownSnack()).toBeNull();
});
