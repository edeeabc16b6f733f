import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server render and the first client render, true once React has hydrated. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
