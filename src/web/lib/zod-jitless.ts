// The page's Content-Security-Policy forbids eval, so zod's compiled object
// parsers (new Function) cannot run in the browser anyway. Jitless, zod also
// stops probing for them, a probe the browser reports as a policy violation
// (Lighthouse's best-practices issue on /login and /examples). zod takes its
// settings from this global when it loads (its own config() writes the same
// object); set here, the first import of main.tsx and of site-page.ts, the
// landing page does not download zod to set it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
