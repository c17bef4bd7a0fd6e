import { createStore, useStore } from './store';

export type AuthDialog = 'login' | 'signup';

interface AuthDialogState {
  open: AuthDialog | null;
  /** Where to go after a successful login (spec §2 guard redirect path). */
  returnTo: string | null;
}

const authDialogStore = createStore<AuthDialogState>({ open: null, returnTo: null });

export function openAuthDialog(dialog: AuthDialog, returnTo: string | null = null): void {
  authDialogStore.set({ open: dialog, returnTo });
}

export function closeAuthDialog(): void {
  authDialogStore.set({ open: null });
}

export const useAuthDialog = () => useStore(authDialogStore, (state) => state);
