import type { z } from 'zod';
import type { KeyInfo, ManualPayRequest, ManualPayResponseSchema, PaymentProviderName, PaymentReturnResponse } from '../contract/store';
import { callApi } from './client';

export const fetchKeyInfo = () => callApi<KeyInfo>('GET', 'payment/key-info');

/** The publishable key comes base64-encoded twice (docs/product/api.md#calls). */
export const decodePublishableKey = (value: string) => atob(atob(value));

/** POST payment/create-{provider}-session; `invoiceKey` pays an existing unpaid invoice (Pay Now). */
export async function createCheckoutSession(provider: PaymentProviderName, invoiceKey?: string | null): Promise<string> {
  const query = invoiceKey ? `?invoice=${encodeURIComponent(invoiceKey)}` : '';
  return (await callApi<{ Value: string }>('POST', `payment/create-${provider}-session${query}`)).Value;
}

/** The offline provider's test card form. */
export const payWithTestCard = (request: ManualPayRequest) =>
  callApi<z.infer<typeof ManualPayResponseSchema>>('POST', 'payment/manual/pay', { body: request });

export const completePayment = (provider: PaymentProviderName, sessionId: string) =>
  callApi<PaymentReturnResponse>('POST', `payment/${provider}-return`, { body: { Value: sessionId } });
