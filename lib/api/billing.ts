import type {
  CardOnFileResponse,
  CardSetupReturnResponse,
  Invoice,
  Subscription,
  SubscriptionChange,
  SubscriptionChanged,
  SubscriptionChangePreview,
  TestCardUpdateResponse,
} from '../contract/billing';
import type { ManualPayRequest } from '../contract/store';
import type { HostedApp, HostedAppAccess } from '../contract/hosted-apps';
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
/** Renews a cancelled subscription again while its period runs; a refusal shows as an error snack. */
export const resumeSubscription = (id: string) => callApi<UserResponse>('POST', `license/subscription/${segment(id)}/resume`);
/** What a plan change costs now and at the next renewal; silent: the dialog shows a refusal itself. */
export const previewSubscriptionChange = (id: string, change: SubscriptionChange, signal?: AbortSignal) =>
  callApi<SubscriptionChangePreview>('POST', `license/subscription/${segment(id)}/change-preview`, { body: change, silent: true, signal });
/** Applies a plan change (docs/product/billing.md#changing-plan-and-seats); a refusal shows as an error snack. */
export const changeSubscription = (id: string, change: SubscriptionChange) =>
  callApi<SubscriptionChanged>('POST', `license/subscription/${segment(id)}/change`, { body: change });

/** Names the services of an invoice after payment; the app buttons are extra, so a failure stays quiet. */
export const fetchServiceOffers = (signal?: AbortSignal) => read<ServiceOffer[]>('store/catalog', signal);

/** A plain link the browser opens itself (the session cookie is all it needs); the PDF is in the page's language (docs/product/billing.md#invoice-page). */
export const invoicePdfUrl = (key: string, language: Language) =>
  `${API_BASE}billing/invoice-pdf/${segment(key)}/download?lang=${language}`;

/** An app's landing page: where the app runs and the caller's plans of it, with their licence keys. */
export const fetchHostedAppAccess = (app: HostedApp, signal?: AbortSignal) => read<HostedAppAccess>(`app/hosted-app/${app}`, signal);

/** The card renewals charge (docs/product/billing.md#card-on-file). */
export const fetchCardOnFile = (signal?: AbortSignal) => read<CardOnFileResponse>('billing/card', signal);
/** The offline provider: a test card becomes the card on file, or is declined. */
export const saveTestCard = (card: Omit<ManualPayRequest, 'ClientSecret'>) =>
  callApi<TestCardUpdateResponse>('POST', 'billing/card/manual', { body: card });
/** Stripe: the client secret of a setup-mode session for its embedded form. */
export const createCardSetupSession = async () => (await callApi<{ Value: string }>('POST', 'billing/card/stripe-session')).Value;
/** Stripe: back from its form, the card is saved once the session is complete. */
export const completeCardSetup = (sessionId: string) =>
  callApi<CardSetupReturnResponse>('POST', 'billing/card/stripe-return', { body: { Value: sessionId } });
