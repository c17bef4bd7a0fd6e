import type { SignupResponse } from '@/lib/contract/auth';
import type { UserResponse } from '@/lib/contract/user';
import { userData } from '@/lib/contract/user-data';

/**
 * Spec §4 "Sign-up": with errors and a CodeResult the code input shows unless it is
 * 'hide', and the code is reset. Returns null when the answer leaves the field as it was.
 */
export function signupCodeField(answer: SignupResponse): { shown: boolean } | null {
  if (!answer.Errors.length || answer.CodeResult === null) return null;
  return { shown: answer.CodeResult !== userData.hideCode };
}

/** Spec §4 "Email update": errors with Data other than 'hide' show (and clear) the code field. */
export function emailCodeField(answer: UserResponse): { shown: boolean } | null {
  if (!answer.ErrorMessages.length) return null;
  return { shown: answer.Data !== userData.hideCode };
}
