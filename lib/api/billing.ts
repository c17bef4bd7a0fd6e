import type { Invoice, Subscription } from '../contract/billing';
import type { UserResponse } from '../contract/user';
import type { ServiceOffer } from '../contract/store';
import { API_BASE } from '../contract/http';
import type { Language } from '../contract/languages';
import { callApi } from './client';

/*
 * The billing calls (docs/product/api.md#calls). The reads are silent because the screens report their own
 * failures: a missing or foreign id (404, never a leak) is a "not found" state there, not
 * an error snack; anything else is shown by the screen (components/billing/use-portal-query).
 */
const read = <T>(path: string, signal?: AbortSignal) => callApi<T>('GET', path, { silent: true, signal });
const segment = encodeURIComponent;

export const fetchInvoices = (signal?: AbortSignal) => read<Invoice[]>('billing/invoices', signal);
export const fetchInvoice = (id: string, signal?: AbortSignal) => read<Invoice>(`billing/invoice/${segment(id)}`, signal);
export const fetchSubscriptions = (signal?: AbortSignal) => read<Subscription[]>('license/subscriptions', signal);
export const fetchSubscription = (id: string, signal?: AbortSignal) => read<Subscription>(`license/subscription/${segment(id)}`, signal);

/** Cancels at period end; a refusal (e.g. no renewal left to cancel) shows as an error snack. */
export const cancelSubscription = (id: string) => callApi<UserResponse>('DELETE', `license/subscription/${segment(id)}`);

/** Names the services of an invoice after payment; the app buttons are extra, so a failure stays quiet. */
export const fetchServiceOffers = (signal?: AbortSignal) => read<ServiceOffer[]>('store/catalog', signal);

/** A plain link the browser opens itself (the session cookie is all it needs); the PDF is in the page's language (docs/product/billing.md#invoice-page). */
export const invoicePdfUrl = (key: string, language: Language) =>
  `${API_BASE}billing/invoice-pdf/${segment(key)}/download?lang=${language}`;
