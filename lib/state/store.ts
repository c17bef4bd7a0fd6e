import { useSyncExternalStore } from 'react';

/** A tiny external store: one value, replaced immutably, read with a selector hook. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(update: Partial<T> | ((current: T) => Partial<T>)) {
      const patch = typeof update === 'function' ? update(value) : update;
      value = { ...value, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Test helper and logout reset: back to the first value. */
    reset() {
      value = initial;
      for (const listener of listeners) listener();
    },
    initial,
  };
}

export function useStore<T, S>(store: ReturnType<typeof createStore<T>>, selector: (value: T) => S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.initial),
  );
}
