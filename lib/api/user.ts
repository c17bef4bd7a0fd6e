import type { ErrorEnvelope } from '../contract/envelope';
import type { ChangeEmailRequest, ChangePasswordRequest, DeleteAccountRequest, UpdateProfileRequest, UserResponse } from '../contract/user';
import { callApi } from './client';
import { serverMessages } from './envelope';

/** Every PUT user/* call: refusals come back as the answer (ErrorMessages + Data, spec §4). */
async function putUser(path: string, body: unknown): Promise<UserResponse> {
  const answer = await callApi<Partial<UserResponse> & ErrorEnvelope>('PUT', `user/${path}`, { body, returnErrorBody: true });
  return { ErrorMessages: serverMessages(answer).map((Message) => ({ Message })), Data: answer.Data ?? null };
}

export const changeEmail = (request: ChangeEmailRequest) => putUser('email', request);
export const changePassword = (request: ChangePasswordRequest) => putUser('password', request);
export const updateProfile = (request: UpdateProfileRequest) => putUser('profile', request);
export const deleteAccount = (request: DeleteAccountRequest) => putUser('delete-account', request);
