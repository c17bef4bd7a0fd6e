import { canonicalEmail, isEmailAddress } from '@/lib/contract/limits';
import { LoginRequestSchema } from '@/lib/contract/auth';
import { SupportMessageSchema } from '@/lib/contract/support';
import { ChangeEmailRequestSchema, changeEmailFormSchema } from '@/lib/contract/user';
import { canonicalForms } from './canonical-email-cases';

describe('canonicalEmail', () => {
  it.each(canonicalForms)('%s → %s', (typed, canonical) => {
    expect(canonicalEmail(typed)).toBe(canonical);
    expect(isEmailAddress(canonical)).toBe(true);
  });

  it('is idempotent', () => {
    for (const typed of [
      'ｘ＠ｅｘａｍｐｌｅ．ｔｅｓｔ',
      'x@BÜCHER.example',
      'İ@example.test',
      'ΣΑΣ@example.test',
      'x@faß.de',
      'nope',
      'x@ex%41mple.test',
    ]) {
      expect(canonicalEmail(canonicalEmail(typed))).toBe(canonicalEmail(typed));
    }
  });

  it('leaves what is not a domain for isEmailAddress to refuse', () => {
    // %41 would be decoded to "A", the slash end the host, by a URL parser.
    expect(canonicalEmail('x@ex%41mple.test')).toBe('x@ex%41mple.test');
    expect(canonicalEmail('x@example.test/y')).toBe('x@example.test/y');
    expect(canonicalEmail('no-at-sign')).toBe('no-at-sign');
    for (const typed of [
      'x@ex%41mple.test',
      'x@example.test/y',
      'x@example.test?y',
      'x@exa_mple.test',
      'x@xn--zz.test',
      'x@0x7f.1',
      'x@1.2.3.4',
      'x@ex\u200Dample.test',
      'x@-example.test',
      'x@example.test.',
    ]) {
      expect({ typed, valid: isEmailAddress(canonicalEmail(typed)) }).toEqual({ typed, valid: false });
    }
  });
});

describe('every schema that names a mailbox gives the canonical form', () => {
  const typed = ' Ｘ@ＢÜＣＨＥＲ.example ';
  const canonical = 'x@xn--bcher-kva.example';

  it('login, email change and the contact form', () => {
    expect(LoginRequestSchema.shape.UserName.parse(typed)).toBe(canonical);
    expect(ChangeEmailRequestSchema.shape.NewEmailAddress.parse(typed)).toBe(canonical);
    expect(SupportMessageSchema.shape.EmailAddress.parse(typed)).toBe(canonical);
  });

  it('judges the lengths by the canonical form', () => {
    // 50 characters typed in fullwidth letters are 50 canonical ones; the punycode form of a
    // short IDN is longer than what was typed.
    const idn = `${'a'.repeat(30)}@ääääää.example`;
    expect(idn.length).toBeLessThanOrEqual(50);
    expect(canonicalEmail(idn).length).toBeGreaterThan(50);
    expect(LoginRequestSchema.shape.UserName.safeParse(idn).error?.issues.map((issue) => issue.message)).toEqual(['maxLength?max=50']);
    // Six canonical characters are enough, however they were typed.
    expect(LoginRequestSchema.shape.UserName.parse('Ａ@Ｂ.ＣＤ')).toBe('a@b.cd');
  });

  it('the settings form knows the current address in any spelling', () => {
    const form = changeEmailFormSchema('x@bücher.example');
    expect(
      form
        .safeParse({ NewEmailAddress: 'X@XN--BCHER-KVA.example', CurrentPassword: 'Secret123', Code: '' })
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['sameEmail']);
  });
});
