// `npm test`: typecheck, lint, unit and API tests on SQLite and PostgreSQL,
// then the browser tests against the built product in Chromium.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
// when that answers; Redis likewise (TEST_REDIS_URL, else 127.0.0.1:6379).
// In CI (CI=true) a missing PostgreSQL, Redis or Chromium fails the run.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { builtFromCheckout } from './build-inputs.mjs';
import { withLocalServices } from './services.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const env = await withLocalServices(process.env);

if (!env.TEST_DATABASE_URL) {
  if (ci) {
    console.error('TEST_DATABASE_URL is not set and no PostgreSQL answers on 127.0.0.1:5432: the PostgreSQL suite cannot run.');
    process.exit(1);
  }
  console.warn('! No PostgreSQL found: the API suite runs on SQLite only. Set TEST_DATABASE_URL to run it on PostgreSQL.');
}
if (!env.TEST_REDIS_URL) {
  if (ci) {
    console.error('TEST_REDIS_URL is not set and no Redis answers on 127.0.0.1:6379: the multi-instance tests cannot run.');
    process.exit(1);
  }
  console.warn('! No Redis found: the tests of several instances sharing Redis are skipped. Set TEST_REDIS_URL to run them.');
}
const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH).`);
  process.exit(1);
}

const bin = (name) => `./node_modules/.bin/${name}`;
const apiProjects = ['--project', 'unit', '--project', 'api-sqlite', ...(env.TEST_DATABASE_URL ? ['--project', 'api-postgres'] : [])];

/** Runs a command; its output is printed as it comes, or (`quiet`) at its end, so that steps side by side do not interleave. */
function run([name, command, args], { quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const ok = code === 0;
      if (quiet) console.log(`\n${ok ? '✓' : '✗'} ${name}: ${[command, ...args].join(' ')}\n${output.trimEnd()}`);
      resolve({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

// The static checks and the build run side by side (each is mostly one core
// of two); then the unit and API tests; then the browser tests, which need the
// build. The build is `npm run build`, skipped when dist/ was built from this
// checkout (npm install runs it, and it writes what it was built from).
const build = builtFromCheckout() ? [] : [['build', 'npm', ['run', 'build', '--silent']]];
const stages = [
  [
    ['typecheck', bin('tsc'), ['--noEmit']],
    ['lint', bin('eslint'), ['.', '--max-warnings=0']],
    ['format', bin('prettier'), ['--check', '.']],
    ['unused files, exports and dependencies', bin('knip'), []],
    ...build,
  ],
  [[`unit and API tests on Node ${process.version}`, bin('vitest'), ['run', ...apiProjects]]],
  [['browser tests', bin('vitest'), ['run', '--project', 'e2e']]],
];

const results = [];
const started = Date.now();
for (const stage of stages) {
  if (stage.length === 1) console.log(`\n▶ ${stage[0][0]}: ${[stage[0][1], ...stage[0][2]].join(' ')}`);
  else console.log(`\n▶ side by side: ${stage.map(([name]) => name).join(', ')}`);
  results.push(...(await Promise.all(stage.map((step) => run(step, { quiet: stage.length > 1 })))));
  if (results.some((result) => !result.ok)) break;
}

console.log('\nSummary');
for (const result of results) console.log(`  ${result.ok ? '✓' : '✗'} ${result.name} (${result.seconds}s)`);
const notRun = stages.flat().slice(results.length);
for (const [name] of notRun) console.log(`  - ${name} (not run)`);
if (build.length === 0) console.log('  · build: dist/ was built from this checkout (npm install); not built again');
const passed = results.filter((result) => result.ok).length;
const failed = results.length - passed;
console.log(`${passed} passed, ${failed} failed, ${notRun.length} skipped in ${((Date.now() - started) / 1000).toFixed(0)}s`);
process.exit(failed === 0 ? 0 : 1);
