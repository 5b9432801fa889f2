import { useEffect } from 'react';

/**
 * The sign-in and sign-up schemas, with zod, loaded apart from the forms: the
 * page is drawn and can be filled before they arrive (issue 11), and every
 * submit is checked with them before any call.
 */
export const loadAuthSchemas = () => import('#shared/auth.schema.ts');

/** Starts loading them once the form is on screen, so that a submit does not wait. */
export function usePreloadedAuthSchemas(): void {
  useEffect(() => {
    void loadAuthSchemas();
  }, []);
}
