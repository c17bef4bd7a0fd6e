import type { BackendDeps } from '../../deps';
import { ApiError } from '../../errors';
import { ProviderUnavailableError, type PaymentProvider } from './provider';

/** The payment provider that may run, by name when the call names one; 404 (named) or 503 without. */
export function activeProvider(deps: Pick<BackendDeps, 'payments'>, name?: string): PaymentProvider {
  const provider = deps.payments;
  if (!provider || (name && provider.name !== name))
    throw new ApiError(name ? 404 : 503, { key: 'providerInactive', values: { provider: name ?? 'card' } });
  return provider;
}

/** A call to the provider; when it cannot be reached, the caller answers 502 with a clear message and has changed nothing. */
export async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new ApiError(502, { key: 'paymentProviderFailed' });
    throw error;
  }
}
