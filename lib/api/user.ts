import type { ErrorEnvelope } from '../contract/envelope';
import type { ChangeEmailRequest, ChangePasswordRequest, DeleteAccountRequest, UpdateProfileRequest, UserResponse } from '../contract/user';
import { callApiAnswer } from './client';
import { serverMessages } from './envelope';

/** A user call's answer; `notice` when its messages are news, not refusals (the code was mailed). */
export type UserAnswer = UserResponse & { notice: boolean };

/** Every PUT user/* call: refusals come back as the answer (ErrorMessages + Data, spec §4). */
async function putUser(path: string, body: unknown): Promise<UserAnswer> {
  const { accepted, body: answer } = await callApiAnswer<Partial<UserResponse> & ErrorEnvelope>('PUT', `user/${path}`, { body });
  const ErrorMessages = serverMessages(answer).map((Message) => ({ Message }));
  return { ErrorMessages, Data: answer.Data ?? null, notice: accepted && ErrorMessages.length > 0 };
}

export const changeEmail = (request: ChangeEmailRequest) => putUser('email', request);
export const changePassword = (request: ChangePasswordRequest) => putUser('password', request);
export const updateProfile = (request: UpdateProfileRequest) => putUser('profile', request);
export const deleteAccount = (request: DeleteAccountRequest) => putUser('delete-account', request);
