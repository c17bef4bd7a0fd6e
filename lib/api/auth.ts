import type { LoginRequest, LoginResponse, SessionInfo, SignupRequest, SignupResponse } from '../contract/auth';
import type { ErrorEnvelope } from '../contract/envelope';
import { callApi, callApiAnswer } from './client';
import { serverMessages } from './envelope';

export const fetchSessionInfo = () => callApi<SessionInfo>('GET', 'auth/session-info', { silent: true });

export const logout = () => callApi<void>('PUT', 'auth/logout');

type Answer<T> = Partial<T> & ErrorEnvelope;

/** POST auth/login; refusals (400, 429) come back as the answer so the dialog can list them. */
export async function login(request: LoginRequest): Promise<LoginResponse> {
  const body = await callApi<Answer<LoginResponse>>('POST', 'auth/login', { body: request, returnErrorBody: true });
  return {
    Errors: serverMessages(body).map((Message) => ({ Message })),
    SessionInfo: body.SessionInfo ?? null,
    ...(body.DeletionCancelled ? { DeletionCancelled: true as const } : {}),
  };
}

/** A sign-up answer; `notice` when its messages are news, not refusals (the code was mailed). */
export type SignupAnswer = SignupResponse & { notice: boolean };

/** POST auth/signup: first without Code (a code is mailed), then with it (docs/product/accounts.md#sign-up-with-a-code). */
export async function signup(request: SignupRequest): Promise<SignupAnswer> {
  const { body, messages, notice } = await callApiAnswer<Answer<SignupResponse>>('POST', 'auth/signup', { body: request });
  return { Errors: messages, CodeResult: body.CodeResult ?? null, SessionInfo: body.SessionInfo ?? null, notice };
}
