import type { MessageKey } from '@/i18n/messages';
import { createStore, useStore } from './store';

export interface ConfirmRequest {
  /** Message keys, translated by the dialog. */
  titleKey: MessageKey;
  messageKey: MessageKey;
  /** Yes styled as a warning instead of primary (docs/product/pages.md#confirm-dialog). */
  warn?: boolean;
  icon?: 'warning' | 'question';
}

interface PendingConfirm extends ConfirmRequest {
  id: number;
  resolve(result: boolean): void;
}

const confirmStore = createStore<{ pending: PendingConfirm | null }>({ pending: null });
let nextId = 1;

/** Opens the confirm dialog; Yes resolves true, No or closing resolves false. */
export function confirm(request: ConfirmRequest): Promise<boolean> {
  confirmStore.get().pending?.resolve(false);
  return new Promise((resolve) => confirmStore.set({ pending: { ...request, id: nextId++, resolve } }));
}

export function answerConfirm(result: boolean): void {
  const { pending } = confirmStore.get();
  if (!pending) return;
  confirmStore.set({ pending: null });
  pending.resolve(result);
}

export const usePendingConfirm = () => useStore(confirmStore, (state) => state.pending);
