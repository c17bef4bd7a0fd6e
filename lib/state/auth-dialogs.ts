import { createStore, useStore } from './store';

export type AuthDialog = 'login' | 'signup' | 'forgotPassword';

/** What a visitor was doing when a login stopped them (ADD TO CART while logged out, docs/product/accounts.md#anonymous-and-logged-in). */
export type AuthIntent = { kind: 'addToCart'; offerKey: string };

interface AuthDialogState {
  open: AuthDialog | null;
  /** Where to go after a successful login (docs/product/languages-and-routing.md#login-guard). */
  returnTo: string | null;
  /** Kept from login to sign-up and back; dropped when the visitor closes the dialog. */
  intent: AuthIntent | null;
  /** The login or sign-up went through and the new session's counts have loaded. */
  intentDue: boolean;
}

const authDialogStore = createStore<AuthDialogState>({ open: null, returnTo: null, intent: null, intentDue: false });

export function openAuthDialog(dialog: AuthDialog, returnTo: string | null = null, intent: AuthIntent | null = null): void {
  authDialogStore.set({ open: dialog, returnTo, intent, intentDue: false });
}

/** Login ↔ sign-up ↔ forgot password: the same way back and the same intention. */
export function switchAuthDialog(dialog: AuthDialog): void {
  authDialogStore.set({ open: dialog });
}

/** After a login or sign-up: the intention waits for `markAuthIntentDue`. */
export function closeAuthDialog(): void {
  authDialogStore.set({ open: null });
}

/** Closed without logging in: what the visitor was doing is given up too. */
export function dismissAuthDialog(): void {
  authDialogStore.set({ open: null, intent: null, intentDue: false });
}

export function markAuthIntentDue(): void {
  if (authDialogStore.get().intent) authDialogStore.set({ intentDue: true });
}

/** Takes the due intention, once. */
function takeDueAuthIntent(): AuthIntent | null {
  const { intent, intentDue } = authDialogStore.get();
  if (!intentDue) return null;
  authDialogStore.set({ intent: null, intentDue: false });
  return intent;
}

/**
 * Hands the due intention to the one page that carries it out, once: at once if one is due,
 * else when a login makes one due. Returns the unsubscribe.
 */
export function onDueAuthIntent(carryOut: (intent: AuthIntent) => void): () => void {
  const handOver = () => {
    const intent = takeDueAuthIntent();
    if (intent) carryOut(intent);
  };
  const unsubscribe = authDialogStore.subscribe(handOver);
  handOver();
  return unsubscribe;
}

export const useAuthDialog = () => useStore(authDialogStore, (state) => state);
