import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactForm } from '@/components/site/ContactForm';
import { PlainContactForm, type ContactFormTexts } from '@/components/site/ContactFormView';
import { limits } from '@/lib/contract/fields';
import { snackbarStore } from '@/lib/state/snackbar';
import de from '@/messages/site/de.json';
import en from '@/messages/site/en.json';
import ru from '@/messages/site/ru.json';
import validationDe from '@/messages/de.json';
import validationEn from '@/messages/en.json';
import validationRu from '@/messages/ru.json';
import { renderWithIntl } from './render';

const site = { en, de, ru };
const validation = { en: validationEn.validation, de: validationDe.validation, ru: validationRu.validation };
type Locale = keyof typeof site;

function textsFor(locale: Locale): ContactFormTexts {
  const { fullName, email, phone, message, send, sending, success, failure } = site[locale].site.contact;
  return { fullName, email, phone, message, send, sending, success, failure };
}

function answer(status: number, body: unknown): Response {
  return { ok: status < 400, status, statusText: '', text: async () => JSON.stringify(body) } as Response;
}

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  snackbarStore.reset();
});

/** As the contact page composes it: the plain form, rendered on the server, inside its loader. */
const contactForm = (texts: ContactFormTexts) => (
  <ContactForm texts={texts}>
    <PlainContactForm texts={texts} />
  </ContactForm>
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

describe.each(['en', 'de', 'ru'] as const)('contact form in %s (spec §5)', (locale) => {
  const messages = validation[locale];

  it('shows every required message on an empty submit and sends nothing', async () => {
    const { user, submit } = await renderForm(locale);
    await user.click(submit);
    expect(await screen.findByText(messages.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.messageRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
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

  it('limits each field to its spec length', async () => {
    const { fullName, email, phone, message } = await renderForm();
    expect(fullName).toHaveAttribute('maxLength', String(limits.fullName));
    expect(email).toHaveAttribute('maxLength', String(limits.email));
    expect(phone).toHaveAttribute('maxLength', String(limits.phone));
    expect(message).toHaveAttribute('maxLength', String(limits.message));
    expect([limits.fullName, limits.email, limits.phone, limits.message]).toEqual([30, 50, 20, 1000]);
  });

  it('sends the trimmed message with a lower-cased email, thanks for 10 s and resets', async () => {
    fetchMock.mockResolvedValue(answer(200, { ErrorMessages: [] }));
    const { user, texts, fullName, email, phone, message, submit } = await renderForm();
    await user.type(fullName, '  Ada Lovelace ');
    await user.type(email, ' Ada@Example.COM ');
    await user.type(phone, ' 555-0100 ');
    await user.type(message, ' Hello there \n');
    await user.click(submit);

    await waitFor(() => expect(snackbarStore.get().current?.content).toEqual({ text: texts.success }));
    expect(snackbarStore.get().current).toMatchObject({ style: 'success', duration: 10_000 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/support/message');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ FullName: 'Ada Lovelace', EmailAddress: 'ada@example.com', Phone: '555-0100', Message: 'Hello there' });
    await waitFor(() => expect(fullName).toHaveValue(''));
    expect(email).toHaveValue('');
    expect(message).toHaveValue('');
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
  });

  it('shows the server’s messages above the form and the failure snack', async () => {
    fetchMock.mockResolvedValue(answer(400, { ErrorMessages: [{ Message: 'Message is too long' }] }));
    const { user, texts, fullName, email, message, submit } = await renderForm();
    await user.type(fullName, 'Ada');
    await user.type(email, 'ada@example.com');
    await user.type(message, 'Hi');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('Message is too long');
    expect(snackbarStore.get().current).toMatchObject({ style: 'error', content: { text: texts.failure } });
    expect(fullName).toHaveValue('Ada');
  });

  it('shows the failure snack when the server cannot be reached, and keeps the input', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user, texts, fullName, email, message, submit } = await renderForm();
    await user.type(fullName, 'Ada');
    await user.type(email, 'ada@example.com');
    await user.type(message, 'Hi');
    await user.click(submit);

    await waitFor(() => expect(snackbarStore.get().current).toMatchObject({ style: 'error', content: { text: texts.failure } }));
    expect(message).toHaveValue('Hi');
  });

  it('disables the submit button while sending', async () => {
    let finish!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user, texts, fullName, email, message, submit } = await renderForm();
    await user.type(fullName, 'Ada');
    await user.type(email, 'ada@example.com');
    await user.type(message, 'Hi');
    await user.click(submit);

    expect(await screen.findByRole('button', { name: texts.sending })).toHaveAttribute('aria-disabled', 'true');
    finish(answer(200, { ErrorMessages: [] }));
    expect(await screen.findByRole('button', { name: texts.send })).toBeEnabled();
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

  it('a send asked for before the code arrives goes ahead once it has', async () => {
    fetchMock.mockResolvedValue(answer(200, { ErrorMessages: [] }));
    const { texts, plain } = renderPlain();
    fireEvent.change(screen.getByLabelText(texts.fullName), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(texts.email), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(texts.message), { target: { value: 'Hi' } });
    fireEvent.submit(plain);

    await waitFor(() => expect(snackbarStore.get().current?.content).toEqual({ text: texts.success }));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1].body))).toEqual({ FullName: 'Ada', EmailAddress: 'ada@example.com', Phone: '', Message: 'Hi' });
  });

  it('an empty send asked for before the code arrives shows the rules, and sends nothing', async () => {
    const { plain } = renderPlain();
    fireEvent.submit(plain);
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
