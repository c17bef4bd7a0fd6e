import type { ErrorEnvelope } from '../contract/envelope';
import type {
  AccountSessions,
  ChangeEmailRequest,
  ChangePasswordRequest,
  DeleteAccountRequest,
  RestoreEmailRequest,
  RestoreEmailResponse,
  UpdateProfileRequest,
  UserResponse,
} from '../contract/user';
import { callApi, callApiAnswer } from './client';

/** A user call's answer; `notice` when its messages are news, not refusals (the code was mailed). */
export type UserAnswer = UserResponse & { notice: boolean };

/** Every PUT user/* call: refusals come back as the answer (ErrorMessages + Data, docs/product/api.md#data-and-coderesult-values). */
export async function putUser(path: string, body: unknown): Promise<UserAnswer> {
  const { body: answer, messages, notice } = await callApiAnswer<Partial<UserResponse> & ErrorEnvelope>('PUT', `user/${path}`, { body });
  return { ErrorMessages: messages, Data: answer.Data ?? null, notice };
}

export const changeEmail = (request: ChangeEmailRequest) => putUser('email', request);
export const changePassword = (request: ChangePasswordRequest) => putUser('password', request);
export const updateProfile = (request: UpdateProfileRequest) => putUser('profile', request);
export const deleteAccount = (request: DeleteAccountRequest) => putUser('delete-account', request);

/** POST user/restore-email, from the link in the mail: the restored address, or the server's refusal. */
export async function restoreEmail(request: RestoreEmailRequest): Promise<{ email: string | null; messages: string[] }> {
  const { body, messages } = await callApiAnswer<Partial<RestoreEmailResponse> & ErrorEnvelope>('POST', 'user/restore-email', {
    body: request,
  });
  return { email: body.EmailAddress ?? null, messages: messages.map((message) => message.Message) };
}

/** The account's live sessions; silent, as the settings section shows its own failure. */
export const fetchAccountSessions = (signal?: AbortSignal) => callApi<AccountSessions>('GET', 'user/sessions', { silent: true, signal });

/** Signs out one other session (a refusal shows as an error snack); answers the sessions left. */
export const endAccountSession = (id: string) => callApi<AccountSessions>('DELETE', `user/sessions/${encodeURIComponent(id)}`);

/** Signs out every session but this one; answers the sessions left. */
export const endOtherAccountSessions = () => callApi<AccountSessions>('POST', 'user/sessions/sign-out-others');
