import type {
  LoginCodeRequest,
  LoginRequest,
  LoginResponse,
  PasswordResetCompletion,
  PasswordResetRequest,
  SessionInfo,
  SignupRequest,
  SignupResponse,
} from '../contract/auth';
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
    ...(body.SecondFactor ? { SecondFactor: body.SecondFactor } : {}),
  };
}

/**
 * POST auth/second-factor, the login's code step (docs/product/accounts.md#two-step-sign-in).
 * A refusal throws for the code form to show; 401 means the login must start over.
 */
export const sendLoginCode = (request: LoginCodeRequest) =>
  callApi<LoginResponse>('POST', 'auth/second-factor', { body: request, silent: true });

/** A sign-up answer; `notice` when its messages are news, not refusals (the code was mailed). */
export type SignupAnswer = SignupResponse & { notice: boolean };

/** POST auth/signup: first without Code (a code is mailed), then with it (docs/product/accounts.md#sign-up-with-a-code). */
export async function signup(request: SignupRequest): Promise<SignupAnswer> {
  const { body, messages, notice } = await callApiAnswer<Answer<SignupResponse>>('POST', 'auth/signup', { body: request });
  return { Errors: messages, CodeResult: body.CodeResult ?? null, SessionInfo: body.SessionInfo ?? null, notice };
}

/** POST auth/password-reset: the notice that a link was mailed (the same for any address), or a refusal. */
export async function requestPasswordReset(request: PasswordResetRequest): Promise<{ messages: string[]; notice: boolean }> {
  const { messages, notice } = await callApiAnswer<ErrorEnvelope>('POST', 'auth/password-reset', { body: request });
  return { messages: messages.map((message) => message.Message), notice };
}

/**
 * POST auth/password-reset/complete, from the mailed link: the new session, or the server's
 * refusal; `linkRefused` when the link itself is spent, which no typing can mend.
 */
export async function completePasswordReset(request: PasswordResetCompletion): Promise<LoginResponse & { linkRefused: boolean }> {
  const { body, messages } = await callApiAnswer<Answer<LoginResponse>>('POST', 'auth/password-reset/complete', { body: request });
  const linkRefused = body.Errors?.some((error) => error.Code === 'resetLinkInvalid') ?? false;
  return {
    Errors: messages,
    SessionInfo: body.SessionInfo ?? null,
    ...(body.DeletionCancelled ? { DeletionCancelled: true as const } : {}),
    ...(body.SecondFactor ? { SecondFactor: body.SecondFactor } : {}),
    linkRefused,
  };
}
