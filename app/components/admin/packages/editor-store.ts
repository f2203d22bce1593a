import { useSyncExternalStore } from "react";

/**
 * A value components subscribe to without their parent re-rendering: the
 * editor's open section and its snapshot change often, and re-rendering the
 * whole form for them would make typing slow (issue 20's INP goal).
 */
export type Store<T> = {
  get: () => T;
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What a component that only shows a store's value needs of it. */
export type ReadableStore<T> = Pick<Store<T>, "get" | "subscribe">;

/** The part of a store's value a component shows; it re-renders only when that part changes (compare with Object.is). */
export function useStore<T, S>(store: ReadableStore<T>, select: (value: T) => S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
