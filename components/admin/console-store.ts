import { createStore, useStore } from '@/lib/state/store';

/** A yes/no question of the console, worded by the caller (its texts are the console's own). */
export interface ConsoleQuestion {
  title: string;
  message: string;
  confirmLabel: string;
  /** The action destroys or takes something (void, cancel now, suspend): the button is red. */
  warn?: boolean;
}

interface Pending<T> {
  id: number;
  request: T;
  resolve(answer: boolean): void;
}

interface ConsoleState {
  question: Pending<ConsoleQuestion> | null;
  /** The password asked again before a refund or a role change (403 confirm-password). */
  password: Pending<null> | null;
  /** Raised when a call says the session has not passed the second factor: the gate asks again. */
  gateChecks: number;
}

export const consoleStore = createStore<ConsoleState>({ question: null, password: null, gateChecks: 0 });
let nextId = 1;

/** Opens the console's confirm dialog; the confirm button resolves true, Cancel or closing false. */
export function askConsole(request: ConsoleQuestion): Promise<boolean> {
  consoleStore.get().question?.resolve(false);
  return new Promise((resolve) => consoleStore.set({ question: { id: nextId++, request, resolve } }));
}

export function answerConsole(answer: boolean): void {
  const { question } = consoleStore.get();
  if (!question) return;
  consoleStore.set({ question: null });
  question.resolve(answer);
}

/** Asks for the password; true once POST admin/confirm-password accepted it. */
export function askPassword(): Promise<boolean> {
  consoleStore.get().password?.resolve(false);
  return new Promise((resolve) => consoleStore.set({ password: { id: nextId++, request: null, resolve } }));
}

export function endPasswordQuestion(confirmed: boolean): void {
  const { password } = consoleStore.get();
  if (!password) return;
  consoleStore.set({ password: null });
  password.resolve(confirmed);
}

export const checkGateAgain = () => consoleStore.set(({ gateChecks }) => ({ gateChecks: gateChecks + 1 }));

export const useConsoleState = <S>(selector: (state: ConsoleState) => S) => useStore(consoleStore, selector);
