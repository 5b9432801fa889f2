/**
 * The sign-in and sign-up schemas, with zod, loaded apart from the forms: the
 * page is drawn and can be filled before they arrive (issue 11), and every
 * submit is checked with them before any call.
 */
export const loadAuthSchemas = () => import('#shared/auth.schema.ts');

/**
 * Starts loading them when the visitor first touches the form (a field takes
 * focus, or a press anywhere in it), not while the page is still being read:
 * by the time a submit asks for them they are in, and a visitor who only looks
 * never pays for them.
 */
export const authFormPreloadProps = {
  onFocus: () => void loadAuthSchemas(),
  onPointerDown: () => void loadAuthSchemas(),
} as const;
