import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '@/components/dialogs/ConfirmDialog';
import { ContactForm } from '@/components/site/ContactForm';
import { SnackbarHost } from '@/components/shell/SnackbarHost';
import { PlainContactForm, type ContactFormTexts } from '@/components/site/ContactFormView';
import { Link } from '@/i18n/navigation';
import { brand } from '@/lib/config';
import { limits } from '@/lib/contract/fields';
import { snackbarStore } from '@/lib/state/snackbar';
import de from '@/messages/site/de.json';
import en from '@/messages/site/en.json';
import ru from '@/messages/site/ru.json';
import validationDe from '@/messages/de.json';
import validationEn from '@/messages/en.json';
import validationRu from '@/messages/ru.json';
import { beforeUnloadCancelled, expectSnackLasts, snackShown } from './account-helpers';
import { renderWithIntl, routerCalls } from './render';
import { mailsTo, uniqueEmail } from './runner/accounts';
import { network, pageApi } from './runner/network';

const site = { en, de, ru };
const validation = { en: validationEn.validation, de: validationDe.validation, ru: validationRu.validation };
type Locale = keyof typeof site;

function textsFor(locale: Locale): ContactFormTexts {
  const { fullName, email, phone, message, send, sending, success, failure } = site[locale].site.contact;
  return { fullName, email, phone, message, send, sending, success, failure };
}

const sentMessages = () => network.calls('POST support/message');

/** The support team's mail about a message from this sender (the real SMTP sink), once the backend's outbox has sent it. */
async function mailedToSupport(sender: string) {
  return waitFor(
    async () => {
      const mail = (await mailsTo(brand.supportEmail)).find((each) =>
        new RegExp(`^Email\\s+${sender.replaceAll('.', '\\.')}$`, 'm').test(each.text),
      );
      if (!mail) throw new Error(`no support mail from ${sender} yet`);
      return mail;
    },
    { timeout: 10_000 },
  );
}

beforeEach(async () => {
  snackbarStore.reset(); // no snack left over from the test before
  // The request-forgery cookie, as the site's start-up gets it (every send echoes it).
  await pageApi('GET', 'auth/session-info');
});

/** As the contact page composes it: the plain form, rendered on the server, inside its loader; and the shell's snack bar. */
const contactForm = (texts: ContactFormTexts) => (
  <>
    <ContactForm texts={texts}>
      <PlainContactForm texts={texts} />
    </ContactForm>
    <SnackbarHost />
  </>
);

/** Renders the form and lets its code load, as a pointer over it does. */
async function renderForm(locale: Locale = 'en') {
  const texts = textsFor(locale);
  renderWithIntl(contactForm(texts), locale);
  const plain = screen.getByTestId('contact-form');
  fireEvent.pointerEnter(plain);
  await waitFor(() => expect(screen.getByTestId('contact-form')).not.toBe(plain));
  const field = (label: string) => screen.getByLabelText(label);
  return {
    texts,
    user: userEvent.setup(),
    fullName: field(texts.fullName),
    email: field(texts.email),
    phone: field(texts.phone),
    message: field(texts.message),
    submit: screen.getByRole('button', { name: texts.send }),
  };
}

describe.each(['en', 'de', 'ru'] as const)('contact form in %s', (locale) => {
  const messages = validation[locale];

  it('shows every required message on an empty submit and sends nothing', async () => {
    const { user, submit } = await renderForm(locale);
    await user.click(submit);
    expect(await screen.findByText(messages.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.messageRequired)).toBeInTheDocument();
    expect(sentMessages()).toEqual([]);
  });

  it('asks for a valid email address once one is typed', async () => {
    const { user, email } = await renderForm(locale);
    await user.type(email, 'not-an-address');
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    await user.clear(email);
    await user.tab();
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    await user.type(email, 'ada@example.com');
    await waitFor(() => expect(screen.queryByText(messages.emailRequired)).not.toBeInTheDocument());
    expect(screen.queryByText(messages.emailInvalid)).not.toBeInTheDocument();
  });
});

describe('contact form behaviour', () => {
  it('shows no error before a field is touched, and a blank name counts as empty', async () => {
    const { user, fullName, email } = await renderForm();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
    await user.type(fullName, '   ');
    await user.click(email);
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('limits each field to its documented length', async () => {
    const { fullName, email, phone, message } = await renderForm();
    expect(fullName).toHaveAttribute('maxLength', String(limits.fullName));
    expect(email).toHaveAttribute('maxLength', String(limits.email));
    expect(phone).toHaveAttribute('maxLength', String(limits.phone));
    expect(message).toHaveAttribute('maxLength', String(limits.message));
    expect([limits.fullName, limits.email, limits.phone, limits.message]).toEqual([30, 50, 20, 1000]);
  });

  it('sends the trimmed message with a lower-cased email, which is mailed to support, thanks for 10 s and resets', async () => {
    const sender = uniqueEmail('ada');
    const { user, texts, fullName, email, phone, message, submit } = await renderForm();
    await user.type(fullName, '  Ada Lovelace ');
    await user.type(email, ` ${sender.replace(/^ada/, 'Ada').replace('@example.com', '@Example.COM')} `);
    await user.type(phone, ' 555-0100 ');
    await user.type(message, ' Hello there \n');
    await user.click(submit);

    const thanks = await snackShown(texts.success, 'success');
    expect(sentMessages().map((call) => call.body)).toEqual([
      { FullName: 'Ada Lovelace', EmailAddress: sender, Phone: '555-0100', Message: 'Hello there' },
    ]);
    await waitFor(() => expect(fullName).toHaveValue(''));
    expect(email).toHaveValue('');
    expect(message).toHaveValue('');
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
    const mail = await mailedToSupport(sender);
    expect(mail.subject).toBe('Support message from Ada Lovelace');
    expect(mail.text).toMatch(/^Phone\s+555-0100$/m);
    expect(mail.text).toContain('Hello there');
    await expectSnackLasts(thanks, 10_000);
  });

  it('shows the server’s refusal above the form and the failure snack (a send without the request-forgery cookie)', async () => {
    const { user, texts, fullName, email, message, submit } = await renderForm();
    await user.type(fullName, 'Ada');
    await user.type(email, uniqueEmail('ada'));
    await user.type(message, 'Hi');
    // The cookies were cleared (another tab, the browser's settings): the backend refuses the send.
    network.clearCookies();
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Missing or invalid request-forgery token: send the X-XSRF-TOKEN header with the XSRF-TOKEN cookie value.',
    );
    await snackShown(texts.failure, 'error');
    expect(fullName).toHaveValue('Ada');
  });

  it('shows the failure snack when the server cannot be reached, and keeps the input', async () => {
    const { user, texts, fullName, email, message, submit } = await renderForm();
    await user.type(fullName, 'Ada');
    await user.type(email, uniqueEmail('ada'));
    await user.type(message, 'Hi');
    network.offline('POST support/message');
    await user.click(submit);

    await snackShown(texts.failure, 'error');
    expect(message).toHaveValue('Hi');
  });

  it('disables the submit button while sending', async () => {
    const { user, texts, fullName, email, message, submit } = await renderForm();
    await user.type(fullName, 'Ada');
    await user.type(email, uniqueEmail('ada'));
    await user.type(message, 'Hi');
    const slowNetwork = network.hold('POST support/message');
    await user.click(submit);

    await slowNetwork.reached;
    expect(await screen.findByRole('button', { name: texts.sending })).toHaveAttribute('aria-disabled', 'true');
    slowNetwork.release();
    expect(await screen.findByRole('button', { name: texts.send })).toBeEnabled();
    await snackShown(texts.success, 'success');
  });
});

describe('contact form before its code has loaded', () => {
  function renderPlain() {
    const texts = textsFor('en');
    renderWithIntl(contactForm(texts), 'en');
    return { texts, plain: screen.getByTestId('contact-form') };
  }

  it('keeps what was typed, the focused field and the caret when the code takes over', async () => {
    const { texts, plain } = renderPlain();
    fireEvent.change(screen.getByLabelText(texts.fullName), { target: { value: 'Ada Lovelace' } });
    const message = screen.getByLabelText(texts.message) as HTMLTextAreaElement;
    fireEvent.change(message, { target: { value: 'Hello there' } });
    message.setSelectionRange(5, 5);
    // Focusing a field is reaching for the form: its code loads.
    act(() => message.focus());
    await waitFor(() => expect(screen.getByTestId('contact-form')).not.toBe(plain));

    const loadedMessage = screen.getByLabelText(texts.message) as HTMLTextAreaElement;
    expect(screen.getByLabelText(texts.fullName)).toHaveValue('Ada Lovelace');
    expect(loadedMessage).toHaveValue('Hello there');
    expect(loadedMessage).toHaveFocus();
    expect([loadedMessage.selectionStart, loadedMessage.selectionEnd]).toEqual([5, 5]);
    // And it is the real form now: the rules apply.
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(texts.fullName));
    await user.tab();
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
  });

  it('a field left before the code arrives shows its error once it has, and only that one', async () => {
    const { texts, plain } = renderPlain();
    act(() => {
      screen.getByLabelText(texts.fullName).focus();
      screen.getByLabelText(texts.email).focus();
    });
    await waitFor(() => expect(screen.getByTestId('contact-form')).not.toBe(plain));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(texts.email)).toHaveFocus();
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.queryByText('Message is required')).toBeNull();
  });

  it('a send asked for before the code arrives goes ahead once it has', async () => {
    const sender = uniqueEmail('ada');
    const { texts, plain } = renderPlain();
    fireEvent.change(screen.getByLabelText(texts.fullName), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(texts.email), { target: { value: sender } });
    fireEvent.change(screen.getByLabelText(texts.message), { target: { value: 'Hi' } });
    fireEvent.submit(plain);

    await snackShown(texts.success, 'success');
    expect(sentMessages().map((call) => call.body)).toEqual([{ FullName: 'Ada', EmailAddress: sender, Phone: '', Message: 'Hi' }]);
    expect((await mailedToSupport(sender)).subject).toBe('Support message from Ada');
  });

  it('an empty send asked for before the code arrives shows the rules, and sends nothing', async () => {
    const { plain } = renderPlain();
    fireEvent.submit(plain);
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(sentMessages()).toEqual([]);
  });
});

describe('a half-written message is guarded (unsaved changes guard)', () => {
  /** The form with a link that leaves the page, and the shell's confirm dialog. */
  function renderWithLink() {
    const texts = textsFor('en');
    renderWithIntl(
      <>
        <Link href="/legal">Legal</Link>
        {contactForm(texts)}
        <ConfirmDialog />
      </>,
    );
    return { texts, plain: screen.getByTestId('contact-form'), user: userEvent.setup() };
  }

  beforeEach(() => {
    routerCalls.length = 0;
  });

  it('asks before a link leaves a started message; No stays, and once it is sent nothing asks', async () => {
    const sender = uniqueEmail('guard');
    const { texts, plain, user } = renderWithLink();
    fireEvent.pointerEnter(plain);
    await waitFor(() => expect(screen.getByTestId('contact-form')).not.toBe(plain));
    expect(beforeUnloadCancelled()).toBe(false);

    await user.type(screen.getByLabelText(texts.message), 'Half a thought');
    await waitFor(() => expect(beforeUnloadCancelled()).toBe(true));
    await user.click(screen.getByRole('link', { name: 'Legal' }));
    const question = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(routerCalls).toEqual([]);
    expect(screen.getByLabelText(texts.message)).toHaveValue('Half a thought');

    await user.type(screen.getByLabelText(texts.fullName), 'Ada');
    await user.type(screen.getByLabelText(texts.email), sender);
    await user.click(screen.getByRole('button', { name: texts.send }));
    await snackShown(texts.success, 'success');
    expect(beforeUnloadCancelled()).toBe(false);
  });

  it('counts what was typed before the form’s code arrived', async () => {
    const { texts, plain } = renderWithLink();
    fireEvent.change(screen.getByLabelText(texts.fullName), { target: { value: 'Ada' } });
    act(() => screen.getByLabelText(texts.fullName).focus());
    await waitFor(() => expect(screen.getByTestId('contact-form')).not.toBe(plain));
    await waitFor(() => expect(beforeUnloadCancelled()).toBe(true));
  });
});
