/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { catalogsVitePlugin } from './scripts/catalogs.ts';
import { contentPlugin } from './scripts/content-plugin.ts';
import { examplesPlugin } from './scripts/examples-plugin.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

const separator = String.raw`[\\/]`;
const pathPattern = (path: string) =>
  path
    .split('/')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`))
    .join(separator);
/**
 * A code-splitting group's test: these files (from the project's root), these virtual modules, and what is
 * under these paths of node_modules (a path ending in / is a folder).
 */
function modules({ files = [], virtual = [], packages = [] }: { files?: string[]; virtual?: string[]; packages?: string[] }): RegExp {
  return new RegExp(
    [
      ...files.map((file) => `${separator}${pathPattern(file)}$`),
      ...virtual.map((id) => `^\0${pathPattern(id)}$`),
      ...packages.map((path) => `node_modules${separator}${pathPattern(path)}`),
    ].join('|'),
  );
}

// The SPA is built into dist/web and served by the Fastify process (DESIGN.md "Shape").
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  plugins: [react(), tailwindcss(), catalogsVitePlugin(), contentPlugin(projectRoot), examplesPlugin(projectRoot)],
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          { find: /^react$/, replacement: 'preact/compat' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
          { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
        ],
      },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // No inline script may be emitted: the Content-Security-Policy forbids it.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // Read by scripts/build-web.mjs to report each page's first-load script.
    manifest: true,
    // The largest chunk is the charts (Recharts, the analytics tab only); the app shell
    // is React and the router. Public profile pages are rendered by the server and never load either.
    chunkSizeWarningLimit: 800,
    // React, the router and the class helpers every page needs, in one chunk: rolldown otherwise
    // gives each module the entry shares with the lazy pages a small file of its own
    // (rolldown issue 10731), four requests more on every first load.
    rolldownOptions: {
      // The app (index.html), and the script of the static pages (site-page.ts), which loads the app
      // only for someone who may be signed in (scripts/build-web.mjs gives each page its own).
      // The prerender (scripts/build-web.mjs) names its own.
      input: isSsrBuild
        ? undefined
        : {
            index: fileURLToPath(new URL('src/web/index.html', import.meta.url)),
            site: fileURLToPath(new URL('src/web/site-page.ts', import.meta.url)),
          },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: modules({ packages: ['react/', 'react-dom/', 'preact/', 'scheduler/', 'react-router/', 'clsx/', 'tailwind-merge/'] }),
              priority: 20,
            },
            // The plans', prices' and themes' tables, which hold no schema: left to itself, rolldown puts them in
            // one chunk with the admin schemas, and the pricing page would load the schema library.
            // The constants they import keep a chunk of their own, which the landing page loads alone.
            { name: 'constants', test: modules({ files: ['src/shared/constants.ts'] }), priority: 15 },
            {
              name: 'plan-tables',
              test: modules({ files: ['src/shared/plans.ts', 'src/shared/purchases.ts', 'src/shared/themes.ts'] }),
              priority: 10,
            },
            // The schemas of pages and teams (issue 53), which the New page dialog and the Page & Team tab share:
            // left to itself, rolldown puts them in one chunk with the switcher's list of pages, and the
            // dashboard's first load would take the schema library.
            {
              name: 'page-schemas',
              test: modules({ files: ['src/shared/pages.ts'] }),
              priority: 10,
              includeDependenciesRecursively: false,
            },
            // What the app's shell and the account pages' cards share (the island of a static account page,
            // auth-island.tsx), and what the cards share among themselves: two files, not some twenty, each
            // a request, and each a link the preloading helper appends in one task before the card loads.
            // Their dependencies stay where they are: taken along, the static pages' own modules (the API
            // client, the announcements) would move into them, and every static page would load them.
            {
              name: 'shell',
              test: modules({
                files: [
                  ...['app-shell.tsx', 'app-ready.tsx', 'lib/utils.ts', 'lib/use-hydrated.ts'].map((file) => `src/web/${file}`),
                  ...['button', 'input', 'card', 'form-error', 'spinner', 'language-options'].map(
                    (name) => `src/web/components/ui/${name}.tsx`,
                  ),
                  'src/web/lib/use-session.ts',
                  'src/web/lib/use-site-features.ts',
                  // The one mutation hook (decision 025): the dashboard's first load takes it without the form library.
                  'src/web/lib/use-api-mutation.ts',
                  // Its toasts, which load sonner when the first one shows.
                  'src/web/lib/toast.ts',
                  // Where a sign-in or a sign-up leads on (a page that asked for it, an invitation to a team).
                  'src/shared/next-path.ts',
                  // The languages (issue 54): the sign-up form suggests one, the dashboard shows the person's.
                  'src/shared/i18n/languages.ts',
                  // The words of every screen but the static pages' (issue 54): the cards speak the page's language.
                  ...['words.ts', 'site-words.ts'].map((file) => `src/web/lib/${file}`),
                  ...['translate.ts', 'message-words.ts', 'site-addresses.ts'].map((file) => `src/shared/i18n/${file}`),
                ],
                // Where each language's words are (a chunk each), a few lines.
                virtual: ['virtual:linkverse-catalog-loaders'],
                packages: [
                  '@lingui/core/',
                  'class-variance-authority/',
                  '@radix-ui/react-slot/',
                  '@radix-ui/react-compose-refs/',
                  ...[
                    'shared/',
                    'context.mjs',
                    'Icon.mjs',
                    'createLucideIcon.mjs',
                    'icons/loader-circle.mjs',
                    'icons/eye.mjs',
                    'icons/key-round.mjs',
                  ].map((path) => `lucide-react/dist/esm/${path}`),
                ],
              }),
              priority: 5,
              includeDependenciesRecursively: false,
            },
            {
              name: 'account-forms',
              test: modules({
                files: [
                  ...[
                    'auth-card.tsx',
                    'auth-requests.ts',
                    'auth-schemas.ts',
                    'single-sign-on.tsx',
                    'second-factor-step.tsx',
                    'terms-checkbox.tsx',
                    'auth-words.ts',
                  ].map((file) => `src/web/features/auth/${file}`),
                  'src/web/components/ui/password-input.tsx',
                  'src/web/lib/use-schema-form.ts',
                  'src/shared/validation.ts',
                ],
                // The one form library (docs/decisions/025): every card's form is written with it.
                packages: [
                  'react-hook-form/',
                  // Not the eye and the key, which the shell holds: the dashboard's first load draws them too.
                  ...['eye-off', 'log-in', 'user-plus'].map((icon) => `lucide-react/dist/esm/icons/${icon}.mjs`),
                ],
              }),
              priority: 5,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
