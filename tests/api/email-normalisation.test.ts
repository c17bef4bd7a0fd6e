import { eq, like } from 'drizzle-orm';
import { limits } from '@/server/services/platform/rate-limit';
import { outbox, supportMessages, users } from '@/server/db/schema';
import { codeFrom } from './mail-sink';
import { signedUpClient, startTestBackend, strongPassword, TestClient, type TestBackend } from './harness';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

/** One mailbox, as it is stored and mailed to, and eight ways to type it. */
const mailbox = 'mia@xn--bcher-kva.example';
/** The same mailbox as the test mail server's parser shows it: an IDN domain in Unicode. */
const received = 'mia@bücher.example';
const spellings = [
  'mia@bücher.example',
  'MIA@BÜCHER.EXAMPLE',
  // Fullwidth letters; then the fullwidth at sign and full stop too.
  'ｍｉａ@ｂüｃｈｅｒ.ｅｘａｍｐｌｅ',
  'ｍｉａ＠ｂüｃｈｅｒ．ｅｘａｍｐｌｅ',
  // NFKC compatibility forms: a circled letter, ü as u and a combining diaeresis, the ideographic full stop.
  '\u24DCia@bu\u0308cher\u3002example',
  // The IDN domain in its punycode form, in either case.
  'mia@xn--bcher-kva.example',
  'Mia@XN--BCHER-KVA.Example',
  ' mia@ＢÜＣＨＥＲ.example ',
];

/** A caller from its own network address, so the per-address limits of one test do not reach another. */
let network = 0;
async function freshClient() {
  const ip = `198.51.100.${++network}`;
  const client = await new TestClient(backend).prime();
  return {
    client,
    call: (method: string, path: string, body?: unknown) => client.call(method, path, { body, headers: { 'X-Forwarded-For': ip } }),
  };
}

const signupBody = (UserName: string, Code?: string) => ({
  UserName,
  Password: strongPassword,
  UserAgreedToTerms: true,
  CookieConsent: null,
  Code,
});
const accountsOf = async (local: string) =>
  backend.database.db
    .select()
    .from(users)
    .where(like(users.email, `${local}@%`));

describe('eight spellings of one address are one account and one mailbox', () => {
  it('sends at most five code mails to the mailbox in the window, whatever the spelling', async () => {
    const answers = [];
    for (const spelling of spellings) answers.push((await (await freshClient()).call('POST', 'auth/signup', signupBody(spelling))).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const queued = await backend.database.db.select().from(outbox).where(like(outbox.recipient, 'mia@%'));
    expect(queued.map((mail) => mail.recipient)).toEqual(Array(limits.codesPerAddress.max).fill(mailbox));
    await backend.deliverMail();
    expect(backend.mail.received.filter((mail) => mail.to.startsWith('mia@')).map((mail) => mail.to)).toEqual(
      Array(limits.codesPerAddress.max).fill(received),
    );
  });

  it('creates the account under the canonical address with the last code, typed in another spelling', async () => {
    const { call } = await freshClient();
    const created = await call('POST', 'auth/signup', signupBody(spellings[3], codeFrom(backend.mail, received)));
    expect(created.status).toBe(200);
    expect(created.body.SessionInfo.UserName).toBe(mailbox);
    expect((await accountsOf('mia')).map((user) => user.email)).toEqual([mailbox]);
  });

  it('tells the mailbox it has an account when any spelling signs up again, once the window has passed', async () => {
    backend.clock.advance(limits.codesPerAddress.windowMs);
    // Four of the window's five: the email change below takes the last.
    for (const spelling of spellings.slice(4)) {
      const answer = await (await freshClient()).call('POST', 'auth/signup', signupBody(spelling));
      expect(answer.status).toBe(200);
    }
    await backend.deliverMail();
    const mails = backend.mail.to(received);
    expect(mails.slice(-4).map((mail) => mail.subject)).toEqual(Array(4).fill('Sign-up attempt at Bluebonnet'));
    expect((await accountsOf('mia')).length).toBe(1);
  });

  it.each(spellings)('logs in with %j', async (spelling) => {
    const { call } = await freshClient();
    const login = await call('POST', 'auth/login', { UserName: spelling, Password: strongPassword, CookieConsent: null });
    expect(login.status).toBe(200);
    expect(login.body.SessionInfo.UserName).toBe(mailbox);
  });
});

describe('the server compares and throttles on the canonical form', () => {
  it('counts wrong passwords in every spelling against the one account', async () => {
    const email = 'lou@bücher.example';
    await signedUpClient(backend, email);
    const { call } = await freshClient();
    const tries = [];
    for (const spelling of [
      'lou@bücher.example',
      'LOU@bücher.example',
      'ｌｏｕ@bücher.example',
      'lou@xn--bcher-kva.example',
      'lou@BU\u0308CHER.example',
    ]) {
      tries.push((await call('POST', 'auth/login', { UserName: spelling, Password: 'Wrong12345', CookieConsent: null })).status);
    }
    expect(tries).toEqual([400, 400, 400, 400, 400]);
    const right = await call('POST', 'auth/login', {
      UserName: 'Lou@Xn--Bcher-Kva.example',
      Password: strongPassword,
      CookieConsent: null,
    });
    expect(right.status).toBe(429);
  });

  it('refuses an email change to another spelling of the current address, and to another account’s address', async () => {
    const ned = await signedUpClient(backend, 'ned@bücher.example');
    const same = await ned.call('PUT', 'user/email', {
      body: { NewEmailAddress: 'ＮＥＤ@xn--bcher-kva.example', CurrentPassword: strongPassword },
    });
    expect(same.status).toBe(400);
    expect(same.body.ErrorMessages).toEqual([
      { Message: 'NewEmailAddress: Same as current email address', Code: 'sameEmail', Field: 'NewEmailAddress' },
    ]);

    // Mia's mailbox, spelt another way: the notice goes to it, and no second account appears.
    const before = backend.mail.to(received).length;
    const taken = await ned.call('PUT', 'user/email', { body: { NewEmailAddress: spellings[4], CurrentPassword: strongPassword } });
    expect(taken.body.Data).toBe('show');
    await backend.deliverMail();
    expect(
      backend.mail
        .to(received)
        .slice(before)
        .map((mail) => mail.subject),
    ).toEqual(['Email change attempt at Bluebonnet']);
  });

  it('stores the contact form’s address in its canonical form', async () => {
    const { call } = await freshClient();
    const sent = await call('POST', 'support/message', { FullName: 'Mia', EmailAddress: 'ｍｉａ@BÜCHER.example', Message: 'Hello' });
    expect(sent.status).toBe(200);
    const [stored] = await backend.database.db.select().from(supportMessages).where(eq(supportMessages.fullName, 'Mia'));
    expect(stored.emailAddress).toBe(mailbox);
  });

  it('judges the length by the canonical form and refuses what IDNA cannot map', async () => {
    const { call } = await freshClient();
    // 44 characters typed, 54 as punycode: over the limit of 50.
    const long = await call('POST', 'auth/signup', signupBody(`${'a'.repeat(30)}@ääääää.example`));
    expect(long.status).toBe(400);
    expect(long.body.Errors).toEqual([{ Message: 'UserName: Must be at most 50 characters', Code: 'maxLength', Field: 'UserName' }]);
    for (const address of ['x@exa%41mple.test', 'x@xn--zz.test', 'x@ex\u200Dample.test', 'x@0x7f.1']) {
      const refused = await call('POST', 'auth/signup', signupBody(address));
      expect({ address, status: refused.status, errors: refused.body.Errors }).toEqual({
        address,
        status: 400,
        errors: [{ Message: 'UserName: Email address format required', Code: 'emailFormat', Field: 'UserName' }],
      });
    }
  });
});
