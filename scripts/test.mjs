// `npm test`: typecheck, lint, unit and API tests on SQLite and PostgreSQL,
// then the browser tests against the built product in Chromium.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
// when that answers; Redis likewise (TEST_REDIS_URL, else 127.0.0.1:6379).
// In CI (CI=true) a missing PostgreSQL, Redis or Chromium fails the run.
// TEST_ALSO_ON_NODE=/path/to/node runs the unit and API tests once more under
// that Node (CI: the machine's Node 20 beside Node 24), with better-sqlite3's
// binary for it (scripts/native-for-node.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
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
const run = (command, args, runEnv = env) => spawnSync(command, args, { stdio: 'inherit', env: runEnv }).status === 0;

/** The unit and API tests under another Node, then this Node's native binary back. */
function onOtherNode(node) {
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  const step = [`unit and API tests on Node ${version ?? node}`, node, [bin('vitest'), 'run', ...apiProjects]];
  step.run = () => {
    const swapped = run(process.execPath, ['scripts/native-for-node.mjs']) && run(node, ['scripts/native-for-node.mjs', node]);
    const passed =
      swapped && run(node, [bin('vitest'), 'run', ...apiProjects], { ...env, PATH: `${path.dirname(node)}${path.delimiter}${env.PATH}` });
    return run(process.execPath, ['scripts/native-for-node.mjs']) && passed;
  };
  return step;
}

const steps = [
  ['typecheck', bin('tsc'), ['--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['format', bin('prettier'), ['--check', '.']],
  ['unused files, exports and dependencies', bin('knip'), []],
  [`unit and API tests on Node ${process.version}`, bin('vitest'), ['run', ...apiProjects]],
  ...(env.TEST_ALSO_ON_NODE ? [onOtherNode(env.TEST_ALSO_ON_NODE)] : []),
  // The same three steps as `npm run build`: the prerendered pages name the
  // hashed assets of this build (a README change alone changes them, /docs).
  ['build', bin('vite'), ['build', '--logLevel', 'warn']],
  ['prerender', process.execPath, ['scripts/build-web.mjs']],
  ['build server', process.execPath, ['scripts/build-server.mjs']],
  ['browser tests', bin('vitest'), ['run', '--project', 'e2e']],
];

const results = [];
for (const step of steps) {
  const [name, command, args] = step;
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const ok = step.run ? step.run() : run(command, args);
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (!ok) break;
}

console.log('\nSummary');
for (const result of results) console.log(`  ${result.ok ? '✓' : '✗'} ${result.name} (${result.seconds}s)`);
const passed = results.filter((result) => result.ok).length;
const failed = results.length - passed;
const notRun = steps.length - results.length;
for (const [name] of steps.slice(results.length)) console.log(`  - ${name} (not run)`);
console.log(`${passed} passed, ${failed} failed, ${notRun} skipped`);
process.exit(failed === 0 ? 0 : 1);
