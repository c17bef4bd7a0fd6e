import type { Enrolment, RecoveryCodes, TurnOffTwoStepRequest, TwoStepStatus } from '../contract/second-factor';
import { callApi } from './client';
import { putUser } from './user';

// Two-step sign-in in the settings (docs/product/accounts.md#two-step-sign-in).

export const fetchTwoStep = (signal?: AbortSignal) => callApi<TwoStepStatus>('GET', 'user/second-factor', { silent: true, signal });

/** A new secret to scan; a refusal is shown as it comes. */
export const startTwoStep = () => callApi<Enrolment>('POST', 'user/second-factor/start');

/** A refusal throws for the code form to show. */
export const confirmTwoStep = (Code: string) =>
  callApi<RecoveryCodes>('POST', 'user/second-factor/confirm', { body: { Code }, silent: true });

export const turnOffTwoStep = (request: TurnOffTwoStepRequest) => putUser('second-factor/turn-off', request);
