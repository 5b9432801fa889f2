import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Server folders that are the platform every feature stands on, and that use no feature. */
export const SERVER_PLATFORM = ['db', 'http', 'types'];

/**
 * Every other folder of src/server is a feature, read from the disk when the
 * configuration loads: a feature added today is fenced today
 * (tests/unit/import-boundaries.test.ts makes one on the fly to prove it).
 */
export function serverFeatures(root = path.join(import.meta.dirname, 'src/server')) {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SERVER_PLATFORM.includes(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/**
 * A no-restricted-imports rule for some files. Patterns are gitignore-style, where a
 * leading '#' starts a comment: the package.json aliases (#server/…) are escaped.
 */
function restrictImports(files, patterns, message) {
  const group = patterns.map((pattern) => (pattern.startsWith('#') ? `\\${pattern}` : pattern));
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] } };
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.tmp', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Migrations are written against Kysely<any> (STYLE.md habit 7).
    files: ['src/server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The SPA, the public page's script, and the API reference's Try it script run in browsers.
    files: ['src/web/**', 'src/profile/**', 'src/server/http/api-try-it.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The direction of imports (DESIGN.md "Layout"): shared ← profile ← web, shared ← server;
  // inside the server, features use the platform folders (http, db), never the reverse.
  restrictImports(
    ['src/shared/**'],
    ['#server/*', '#web/*', '#profile/*', '**/server/**', '**/web/**', '**/profile/**'],
    'src/shared imports neither side.',
  ),
  restrictImports(['src/web/**'], ['#server/*', '**/server/**'], 'The web app never imports server code.'),
  restrictImports(['src/profile/**'], ['#server/*', '#web/*', '**/server/**', '**/web/**'], 'src/profile imports only src/shared.'),
  restrictImports(
    ['src/server/http/**', 'src/server/db/**'],
    serverFeatures().flatMap((feature) => [`../${feature}/*`, `#server/${feature}/*`]),
    'Platform folders (http, db) are used by features and use none.',
  ),
  restrictImports(
    ['src/server/config.ts'],
    [...SERVER_PLATFORM, ...serverFeatures()].flatMap((folder) => [`./${folder}/*`, `#server/${folder}/*`]),
    'The configuration is read before any feature exists: it imports none (issue 50).',
  ),
);
