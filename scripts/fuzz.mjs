// `npm run fuzz`: the property-based test of every route (tests/api/fuzz.test.ts)
// with many more hostile requests per route than `npm test` sends, on SQLite
// and, when it answers, PostgreSQL. FUZZ_RUNS sets the count (default 20 000).
import { spawnSync } from 'node:child_process';
import { withLocalServices } from './services.mjs';

const env = await withLocalServices({ ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '20000' });
const projects = ['--project', 'api-sqlite', ...(env.TEST_DATABASE_URL ? ['--project', 'api-postgres'] : [])];
console.log(
  `Fuzzing every route with ${env.FUZZ_RUNS} hostile requests each, on ${env.TEST_DATABASE_URL ? 'SQLite and PostgreSQL' : 'SQLite only'}`,
);
const run = spawnSync('./node_modules/.bin/vitest', ['run', ...projects, 'tests/api/fuzz.test.ts'], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
