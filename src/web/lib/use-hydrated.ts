import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and while it hydrates, true once React runs the
 * page: a prerendered form keeps its submit button disabled until then, so a
 * press of Enter before the script arrives cannot send the form as a GET with
 * its password in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
