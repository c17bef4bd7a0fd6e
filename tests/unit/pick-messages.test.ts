import { pickMessages } from '@/components/shell/shell-messages';

describe('pickMessages', () => {
  const messages = {
    shell: { a: '1' },
    account: { snack: { x: 'X' }, login: { y: 'Y' } },
    billing: { subscription: { confirmTitle: 'T', other: 'O' } },
  };

  it('keeps whole namespaces and single paths in their nesting', () => {
    expect(pickMessages(messages, ['shell', 'account.snack', 'billing.subscription.confirmTitle'])).toEqual({
      shell: { a: '1' },
      account: { snack: { x: 'X' } },
      billing: { subscription: { confirmTitle: 'T' } },
    });
  });

  it('merges a path with a whole namespace named later, and skips unknown paths', () => {
    expect(pickMessages(messages, ['account.snack', 'account', 'nothing.here'])).toEqual({ account: messages.account });
  });
});
