import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { SignupResponse } from '@/lib/contract/auth';
import type { UserResponse } from '@/lib/contract/user';
import { userData } from '@/lib/contract/user-data';

/**
 * Sign-up (docs/product/accounts.md#sign-up-with-a-code): with errors and a CodeResult the code input shows unless it is
 * 'hide', and the code is reset. Returns null when the answer leaves the field as it was.
 */
export function signupCodeField(answer: SignupResponse): { shown: boolean } | null {
  if (!answer.Errors.length || answer.CodeResult === null) return null;
  return { shown: answer.CodeResult !== userData.hideCode };
}

/** Errors with Data other than 'hide' show (and clear) the code field (docs/product/accounts.md#changing-the-email-address). */
export function emailCodeField(answer: UserResponse): { shown: boolean } | null {
  if (!answer.ErrorMessages.length) return null;
  return { shown: answer.Data !== userData.hideCode };
}

/**
 * Where the code of the shown code field was mailed. A code typed after the address was
 * changed belongs to the old address, and the server, which looks for a code of the new one,
 * could only call it expired: the form says where the code went instead of sending it.
 */
export function useCodeRecipient() {
  const t = useTranslations('account.code');
  const [sentTo, setSentTo] = useState<string | null>(null);
  return {
    /** After a request without a code, which mails one to `address`. */
    codeMailedTo: setSentTo,
    /** What to say instead of sending `code` for `address`, when the code went to another address. */
    sentElsewhere: (address: string, code: string | null) =>
      code && sentTo && sentTo !== address ? t('sentToOtherAddress', { email: sentTo }) : null,
  };
}
