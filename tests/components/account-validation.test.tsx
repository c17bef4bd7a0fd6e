import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openAuthDialog } from '@/lib/state/auth-dialogs';
import type { TestLocale } from './render';
import { renderAccount, resetAccountState, translator, validationText, visitorPage } from './account-helpers';
import { signedIn, strongPassword, uniqueEmail } from './runner/accounts';
import { network } from './runner/network';
import { settingsLoaded } from './settings-helpers';

/**
 * The field rules (docs/product/validation.md) for every account form: each rule's message shows (and only the first failing
 * one), and an invalid submit sends nothing. Every rule in English; in German and Russian one rule of each form.
 */
type Form = 'login' | 'signup' | 'email' | 'password' | 'displayName' | 'delete';

interface Row {
  form: Form;
  /** Message key of the field's label. */
  field: string;
  /**
   * Typed value, or 'submit' for a field left alone and checked by a submit attempt, or the
   * value made from the signed-in account's address.
   */
  value: string | 'submit' | ((accountEmail: string) => string);
  message: [key: string, params?: Record<string, number>];
  /** Other fields filled first (label key → value). */
  before?: Record<string, string>;
}

const long = (length: number, suffix = '') => 'a'.repeat(length - suffix.length) + suffix;

const login = { email: 'account.login.email', password: 'account.login.password' };
const signup = {
  email: 'account.signup.email',
  password: 'account.signup.password',
  repeat: 'account.signup.repeatPassword',
  code: 'account.signup.code',
};
const settings = {
  email: 'account.settings.email.newEmail',
  emailPassword: 'account.settings.email.password',
  code: 'account.settings.email.code',
  current: 'account.settings.password.current',
  next: 'account.settings.password.new',
  repeat: 'account.settings.password.repeat',
  displayName: 'account.settings.displayName.label',
  deletePassword: 'account.settings.deleteDialog.password',
};

const emailRows = (form: Form, field: string): Row[] => [
  { form, field, value: '', message: ['required'] },
  { form, field, value: 'a@b.c', message: ['minLength', { min: 6 }] },
  { form, field, value: 'abcdefg', message: ['emailFormat'] },
  { form, field, value: long(51, '@example.com'), message: ['maxLength', { max: 50 }] },
];

const newPasswordRows = (form: Form, field: string): Row[] => [
  { form, field, value: '', message: ['required'] },
  { form, field, value: 'Ab1', message: ['minLength', { min: 8 }] },
  { form, field, value: 'abcdefg1', message: ['passwordUppercase'] },
  { form, field, value: 'ABCDEFG1', message: ['passwordLowercase'] },
  { form, field, value: 'Abcdefgh', message: ['passwordNumber'] },
  { form, field, value: 'A1' + long(39), message: ['maxLength', { max: 40 }] },
];

const rows: Row[] = [
  ...emailRows('login', login.email),
  { form: 'login', field: login.password, value: '', message: ['required'] },
  { form: 'login', field: login.password, value: 'short', message: ['minLength', { min: 8 }] },
  { form: 'login', field: login.password, value: long(41), message: ['maxLength', { max: 40 }] },

  ...emailRows('signup', signup.email),
  ...newPasswordRows('signup', signup.password),
  { form: 'signup', field: signup.repeat, value: '', message: ['required'] },
  { form: 'signup', field: signup.repeat, value: 'Abcdefg2', message: ['passwordsDoNotMatch'], before: { [signup.password]: 'Abcdefg1' } },
  { form: 'signup', field: 'terms', value: 'submit', message: ['mustAgreeToTerms'] },
  { form: 'signup', field: signup.code, value: 'ABCDEFG', message: ['maxLength', { max: 6 }] },

  ...emailRows('email', settings.email),
  { form: 'email', field: settings.email, value: (accountEmail) => accountEmail.toUpperCase(), message: ['sameEmail'] },
  { form: 'email', field: settings.emailPassword, value: '', message: ['required'] },
  { form: 'email', field: settings.emailPassword, value: 'short', message: ['minLength', { min: 8 }] },
  { form: 'email', field: settings.code, value: 'ABCDEFG', message: ['maxLength', { max: 6 }] },

  { form: 'password', field: settings.current, value: '', message: ['required'] },
  { form: 'password', field: settings.current, value: 'short', message: ['minLength', { min: 8 }] },
  ...newPasswordRows('password', settings.next),
  { form: 'password', field: settings.next, value: 'Current12', message: ['samePassword'], before: { [settings.current]: 'Current12' } },
  { form: 'password', field: settings.repeat, value: '', message: ['required'] },
  {
    form: 'password',
    field: settings.repeat,
    value: 'Abcdefg2',
    message: ['passwordsDoNotMatch'],
    before: { [settings.next]: 'Abcdefg1' },
  },

  { form: 'displayName', field: settings.displayName, value: long(26), message: ['maxLength', { max: 25 }] },
  {
    form: 'displayName',
    field: settings.displayName,
    value: 'Ann',
    message: ['sameDisplayName'],
    before: { [settings.displayName]: 'Someone' },
  },

  { form: 'delete', field: settings.deletePassword, value: '', message: ['required'] },
  { form: 'delete', field: settings.deletePassword, value: 'short', message: ['minLength', { min: 8 }] },
];

const submitLabel: Record<Form, string> = {
  login: 'account.login.submit',
  signup: 'account.signup.submit',
  email: 'account.settings.update',
  password: 'account.settings.update',
  displayName: 'account.settings.update',
  delete: 'account.settings.deleteDialog.confirm',
};

/** The section a settings form lives in, so its UPDATE button is the one pressed. */
const sectionTitle: Partial<Record<Form, string>> = {
  email: 'account.settings.email.title',
  password: 'account.settings.password.title',
  displayName: 'account.settings.displayName.title',
};

/** The display name of the settings forms' account, which the sameDisplayName row types again. */
const accountDisplayName = 'Ann';

beforeEach(resetAccountState);

/** Opens the form; the settings forms belong to a real account logged in on the page. */
async function openForm(form: Form, locale: TestLocale) {
  const t = translator(locale);
  const user = userEvent.setup();
  let accountEmail = '';
  if (form === 'login' || form === 'signup') {
    renderAccount(locale);
    act(() => openAuthDialog(form));
    await screen.findByRole('dialog');
  } else {
    accountEmail = (form === 'displayName' ? await signedIn({ displayName: accountDisplayName }) : await signedIn()).email;
    renderAccount(locale, { settings: true });
    await settingsLoaded(locale);
    if (form === 'delete') {
      await user.click(screen.getByRole('button', { name: t('account.settings.danger.delete') }));
      await screen.findByRole('dialog');
    }
  }
  return { t, user, accountEmail };
}

/** Where a form lives: the open dialog, or its settings section (two sections ask for the current password). */
function formScope(form: Form, t: ReturnType<typeof translator>) {
  const title = sectionTitle[form];
  return title && !screen.queryByRole('dialog') ? screen.getByRole('region', { name: t(title as never) }) : screen.getByRole('dialog');
}

function submitButton(form: Form, t: ReturnType<typeof translator>) {
  return Array.from(formScope(form, t).querySelectorAll('button[type="submit"]')).find(
    (button) => button.textContent === t(submitLabel[form] as never),
  ) as HTMLButtonElement;
}

/** Fills a field of the form the way a change event does; the max rules are checked past the maxlength attribute. */
function filler(form: Form, t: ReturnType<typeof translator>) {
  const field = (label: string) => within(formScope(form, t)).getByLabelText(label);
  const fill = (label: string, value: string) => {
    const input = field(label);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  };
  return { field, fill };
}

/** Sign-up and email update show the code field only when the server asks (docs/product/accounts.md#sign-up-with-a-code): a real code request for a new address. */
async function showCodeField(form: Form, t: ReturnType<typeof translator>, user: ReturnType<typeof userEvent.setup>) {
  const { fill } = filler(form, t);
  if (form === 'signup') {
    await visitorPage();
    fill(t(signup.email as never), uniqueEmail('signup'));
    fill(t(signup.password as never), strongPassword);
    fill(t(signup.repeat as never), strongPassword);
    await user.click(screen.getByRole('checkbox'));
  } else {
    fill(t(settings.email as never), uniqueEmail('new-address'));
    fill(t(settings.emailPassword as never), strongPassword);
  }
  await user.click(submitButton(form, t));
  await screen.findByLabelText(t((form === 'signup' ? signup.code : settings.code) as never));
}

/**
 * German and Russian run the same rules with other words: one rule of each form, one whose message takes a value where the form
 * has one, shows that the form speaks the page's language. That each language has every text, with English's placeholders, is
 * unit/messages.test.ts's.
 */
const oneRuleOfEachForm = [...new Set(rows.map((row) => row.form))].map(
  (form) => rows.find((row) => row.form === form && row.message[1]) ?? rows.find((row) => row.form === form)!,
);
const rowsIn: Record<TestLocale, Row[]> = { en: rows, de: oneRuleOfEachForm, ru: oneRuleOfEachForm };

describe.each<TestLocale>(['en', 'de', 'ru'])('account forms in %s', (locale) => {
  const shownValue = (value: Row['value']) => (typeof value === 'function' ? 'own address in capitals' : value.slice(0, 12));
  it.each(
    rowsIn[locale].map((row) => [`${row.form} ${row.field.split('.').pop()} "${shownValue(row.value)}" → ${row.message[0]}`, row] as const),
  )('%s', async (_, row) => {
    const { t, user, accountEmail } = await openForm(row.form, locale);
    const { field, fill } = filler(row.form, t);
    const expected = validationText(locale, ...row.message);
    if (row.field === signup.code || row.field === settings.code) await showCodeField(row.form, t, user);
    for (const [label, value] of Object.entries(row.before ?? {})) fill(t(label as never), value);
    const sentBefore = network.calls().length;

    if (row.value === 'submit') {
      await user.click(submitButton(row.form, t));
      const checkbox = screen.getByRole('checkbox');
      await waitFor(() => expect(checkbox).toHaveAccessibleDescription(expected));
    } else {
      const label = t(row.field as never);
      fill(label, typeof row.value === 'function' ? row.value(accountEmail) : row.value);
      // Exactly this text: the first failing rule's message, and only that one.
      await waitFor(() => expect(field(label)).toHaveAccessibleDescription(expected));
      await user.click(submitButton(row.form, t));
      await waitFor(() => expect(field(label)).toHaveAttribute('aria-invalid', 'true'));
    }
    expect(network.calls().slice(sentBefore)).toEqual([]);
  });
});
