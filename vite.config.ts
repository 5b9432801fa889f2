/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { contentPlugin } from './scripts/content-plugin.ts';
import { examplesPlugin } from './scripts/examples-plugin.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

// The SPA is built into dist/web and served by the Fastify process (DESIGN.md "Shape").
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  plugins: [react(), tailwindcss(), contentPlugin(projectRoot), examplesPlugin(projectRoot)],
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
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|clsx|tailwind-merge)[\\/]/, priority: 20 },
            // The plans', prices' and themes' tables, which hold no schema: left to itself, rolldown puts them in
            // one chunk with the admin schemas, and the pricing page would load the schema library.
            // The constants they import keep a chunk of their own, which the landing page loads alone.
            { name: 'constants', test: /src[\\/]shared[\\/]constants\.ts$/, priority: 15 },
            { name: 'plan-tables', test: /src[\\/]shared[\\/](plans|purchases|themes)\.ts$/, priority: 10 },
            // What the app's shell and the account pages' cards share (the island of a static account page,
            // auth-island.tsx), and what the cards share among themselves: two files, not some twenty, each
            // a request, and each a link the preloading helper appends in one task before the card loads.
            // Their dependencies stay where they are: taken along, the static pages' own modules (the API
            // client, the announcements) would move into them, and every static page would load them.
            {
              name: 'shell',
              test: /src[\\/]web[\\/](app-(shell|ready)\.tsx|lib[\\/](utils|use-hydrated)\.ts|components[\\/]ui[\\/](button|input|card|form-error|spinner)\.tsx|features[\\/](auth[\\/]use-session|site[\\/]use-site-features)\.ts)$|node_modules[\\/](class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs)|lucide-react[\\/]dist[\\/]esm[\\/](shared|context|Icon|createLucideIcon|icons[\\/]loader-circle))/,
              priority: 5,
              includeDependenciesRecursively: false,
            },
            {
              name: 'account-forms',
              test: /src[\\/](web[\\/]features[\\/]auth[\\/](auth-card|password-input|use-form-error|auth-schemas|single-sign-on|second-factor-step|terms-checkbox)\.tsx?|shared[\\/]validation\.ts)$|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](eye|eye-off|key-round|log-in|user-plus)\.mjs$/,
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
