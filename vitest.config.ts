import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { catalogsVitePlugin } from './scripts/catalogs.ts';

// Projects: unit tests; the API suite once per database (PostgreSQL when
// TEST_DATABASE_URL is set); browser tests against the built SPA in Chromium.
const postgresUrl = process.env.TEST_DATABASE_URL;

const apiProject = (dialect: 'sqlite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `api-${dialect}`,
    include: ['tests/api/**/*.test.ts'],
    env: { TEST_DIALECT: dialect },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Each file builds its own app on its own database; what modules keep at
    // their level is caches of pure functions (fonts, stylesheets, statement
    // texts), which files may share. One module graph per worker, not per file.
    isolate: false,
  },
});

export default defineConfig({
  // The message catalogs, compiled as the build compiles them (scripts/catalogs.ts).
  plugins: [catalogsVitePlugin()],
  test: {
    pool: 'forks',
    // Vitest takes one worker fewer than the cores, one on a two-core machine;
    // the tests wait on databases, servers and browsers as much as they compute.
    maxWorkers: Math.max(2, availableParallelism()),
    // Vitest leaves CSS out unless told: the public page inlines this stylesheet
    // (imported with ?raw), so tests must see its real text, as production does.
    css: { include: [/src\/profile\/profile(-options)?\.css/] },
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      apiProject('sqlite'),
      ...(postgresUrl ? [apiProject('postgres')] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two files at once: each starts its own server and browser on free ports, and waits on them more than it
          // computes (measured here: 593 s for the suite against 755 s one file at a time, every test passing). Three at
          // a time gained little on a clean clone (802 s against 824 s): the suite is bound by the two cores by now.
          fileParallelism: true,
          // A page in a real browser, against a real server on a busy two-core
          // machine, can take more than Vitest's default second to draw; a wait
          // that would pass a moment later is not a failure.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
