import type { MessageKey } from '@/i18n/messages';
import { snackbarDurations } from '../config';
import { createStore, useStore } from './store';

export type SnackStyle = 'success' | 'error' | 'info';

/** A message key (translated by the snackbar) or a text the server already worded. */
export type SnackContent = { key: MessageKey; values?: Record<string, string | number> } | { text: string };

export interface Snack {
  id: number;
  content: SnackContent;
  style: SnackStyle;
  /** 0 keeps the snack until it is dismissed (the default, docs/product/pages.md#snackbar). */
  duration: number;
}

const snackStore = createStore<{ current: Snack | null }>({ current: null });
let nextId = 1;

export function showSnack(content: SnackContent, options: { style?: SnackStyle; duration?: number } = {}): void {
  snackStore.set({
    current: { id: nextId++, content, style: options.style ?? 'info', duration: options.duration ?? snackbarDurations.sticky },
  });
}

export const showSuccess = (content: SnackContent, duration: number = snackbarDurations.long) =>
  showSnack(content, { style: 'success', duration });

export const showError = (content: SnackContent, duration: number = snackbarDurations.sticky) =>
  showSnack(content, { style: 'error', duration });

export function dismissSnack(id: number): void {
  snackStore.set(({ current }) => ({ current: current?.id === id ? null : current }));
}

export const useCurrentSnack = () => useStore(snackStore, (state) => state.current);
export const snackbarStore = snackStore;
