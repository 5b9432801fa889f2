import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Server folders that are the platform every feature stands on, and that use no
 * feature (decision 024): the database; HTTP (who is asking, errors, the page
 * cache and its responder); the accounts every feature keys on (users); the
 * journals every feature writes to (journal: the creator's activity, the admin
 * log); the stored files and the worker that decodes and draws user input
 * (media); mail (the outbox and the frame every message is written in); and
 * page-drawing (the frame every page a visitor meets is drawn in: the profile,
 * its warnings and notices, their fonts, stylesheet and share image); and i18n
 * (the translators of every language the product speaks, issue 54).
 */
export const SERVER_PLATFORM = ['db', 'http', 'i18n', 'journal', 'mail', 'media', 'page-drawing', 'types', 'users'];

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
 * The web features that may use another, each one way and for a reason said
 * here (DESIGN.md "Layout"). Any other import of a feature by a feature fails
 * lint; tests/unit/import-boundaries.test.ts holds the list one-way.
 */
export const WEB_FEATURE_EXCEPTIONS = [
  // The dashboard is the shell of the signed-in app: it composes the tabs.
  ...[
    'account',
    'analytics',
    'custom-domains',
    'customization',
    'links',
    'pages',
    'profile',
    'purchases',
    'seo',
    'share',
    'site',
    'subscribers',
  ].map((to) => ['dashboard', to]),
  // The site's frame (header, footer, error pages) around the account pages, the control center and pricing.
  ...['admin', 'auth', 'purchases'].map((from) => [from, 'site']),
  ['site', 'content'], // the site's page list names the content pages
  // Plan locks, plan cards and receipts, shown where a plan limits something.
  ...['account', 'admin', 'analytics', 'custom-domains', 'customization', 'seo'].map((from) => [from, 'purchases']),
  ['purchases', 'links'], // the pricing page counts the links a plan keeps
  // Sign-in ways and the forms they share, shown in Account, the control center and Profile.
  ...['account', 'admin', 'profile'].map((from) => [from, 'auth']),
  ['admin', 'account'], // the control center edits an account with the account's own forms
  ['account', 'links'], // Account's page transfer refreshes the links it replaced
  ['customization', 'links'], // the look's editor previews the page's items and fixes their colours
  ['customization', 'analytics'], // the look's editor shows which links are clicked
  ['links', 'analytics'], // each link card shows its clicks
  ['profile', 'customization'], // the Profile tab offers the quick themes
  ['profile', 'links'], // the Profile tab previews the page with its links
  ['seo', 'links'], // the SEO checks read the page's link titles
];

/** src/web/features' folders, read from the disk: a feature added today is fenced today. */
export function webFeatures(root = path.join(import.meta.dirname, 'src/web/features')) {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The server's fences, one config per folder (a later config's no-restricted-imports replaces an
 * earlier one's for the files both match, so each file gets every pattern that applies in one):
 * - a platform folder imports no feature;
 * - a feature reaches another through what services.ts lends, never its files;
 * - a route file imports no repository at all: handlers call services (issue 50).
 */
function serverFences() {
  const features = serverFeatures();
  const paths = (folders, file = '*') => folders.flatMap((folder) => [`../${folder}/${file}`, `#server/${folder}/${file}`]);
  return [...SERVER_PLATFORM, ...features].flatMap((folder) => {
    const folderPattern = SERVER_PLATFORM.includes(folder)
      ? { group: paths(features), message: `Platform folders (${SERVER_PLATFORM.join(', ')}) are used by features and use none.` }
      : {
          group: paths(features.filter((other) => other !== folder)),
          message: 'A feature reaches another through what services.ts lends (its Services), never its files (issue 50).',
        };
    const routePattern = {
      group: ['**/*.repository.ts', '**/*.repository'],
      message: "A route calls its feature's service, or another feature's; repositories are for services (issue 50).",
    };
    const fence = (files, patterns) => ({
      files,
      rules: {
        'no-restricted-imports': ['error', { patterns: patterns.map((pattern) => ({ ...pattern, group: pattern.group.map(escapeHash) })) }],
      },
    });
    return [
      fence([`src/server/${folder}/**`], [folderPattern]),
      fence([`src/server/${folder}/*.routes.ts`], [folderPattern, routePattern]),
    ];
  });
}

/** Patterns are gitignore-style, where a leading '#' starts a comment: the package.json aliases (#server/…) are escaped. */
const escapeHash = (pattern) => (pattern.startsWith('#') ? `\\${pattern}` : pattern);

/** Each web feature imports components/, lib/ and #shared, and no other feature but its listed exceptions. */
function webFeatureFences() {
  return webFeatures().map((feature) => {
    const allowed = [feature, ...WEB_FEATURE_EXCEPTIONS.filter(([from]) => from === feature).map(([, to]) => to)];
    const others = `(?!(?:${allowed.join('|')})/)`;
    return {
      files: [`src/web/features/${feature}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(?:#web/features/|\\.\\./(?:\\.\\./features/)?)${others}[^/]+/`,
                message: `A web feature imports components/, lib/ and #shared, and another feature only through WEB_FEATURE_EXCEPTIONS (eslint.config.js). Move what ${feature} needs there, or list the exception with its reason.`,
              },
              { group: ['#server/*', '**/server/**'].map(escapeHash), message: 'The web app never imports server code.' },
            ],
          },
        ],
      },
    };
  });
}

/**
 * A no-restricted-imports rule for some files (gitignore-style patterns, escapeHash).
 */
function restrictImports(files, patterns, message) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns.map(escapeHash), message }] }] } };
}

/** Named imports refused in some files: typescript-eslint's rule, beside the folder fences' own. */
function restrictNamedImports(files, paths) {
  return { files, rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths }] } };
}
const NO_USE_MUTATION = {
  name: '@tanstack/react-query',
  importNames: ['useMutation'],
  message: 'A change goes through useApiMutation (web/lib/use-api-mutation.ts, decision 025).',
};
const NO_API_IN_COMPONENTS = {
  name: '#web/lib/api.ts',
  importNames: ['api'],
  message: "A component calls no api(): its feature's data module does (decision 025).",
};

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
  // inside the server, features use the platform folders (SERVER_PLATFORM), never the reverse.
  restrictImports(
    ['src/shared/**'],
    ['#server/*', '#web/*', '#profile/*', '**/server/**', '**/web/**', '**/profile/**'],
    'src/shared imports neither side.',
  ),
  restrictImports(['src/web/**'], ['#server/*', '**/server/**'], 'The web app never imports server code.'),
  restrictImports(
    ['src/web/lib/**', 'src/web/components/**'],
    ['#web/features/*', '**/features/**', '#server/*', '**/server/**'],
    'lib/ and components/ are what the features share: they import no feature.',
  ),
  ...webFeatureFences(),
  restrictImports(['src/profile/**'], ['#server/*', '#web/*', '**/server/**', '**/web/**'], 'src/profile imports only src/shared.'),
  ...serverFences(),
  // One way to change something and to call the API (decision 025): useApiMutation, and api() only in data modules.
  restrictNamedImports(['src/web/**/*.ts', 'src/web/**/*.tsx'], [NO_USE_MUTATION]),
  restrictNamedImports(['src/web/**/*.tsx'], [NO_USE_MUTATION, NO_API_IN_COMPONENTS]),
  restrictImports(
    ['src/server/config.ts'],
    [...SERVER_PLATFORM, ...serverFeatures()].flatMap((folder) => [`./${folder}/*`, `#server/${folder}/*`]),
    'The configuration is read before any feature exists: it imports none (issue 50).',
  ),
);
