// What a build is made from, as one fingerprint: every file git tracks or
// would track, but the tests and CI, by path and content. `npm run build`
// writes it into dist/ when it finishes (`--write`), and `npm test` builds
// again only when the checkout's fingerprint differs from it: a clean clone,
// which `npm ci` has just built, is not built twice.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const STAMP = 'dist/build-inputs.txt';
const NOT_BUILT_FROM = ['tests/', '.ci/'];

/** The fingerprint of the checkout's build inputs, or undefined outside a git checkout. */
export function buildInputs() {
  let files;
  try {
    files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
      .split('\0')
      .filter((file) => file && !NOT_BUILT_FROM.some((folder) => file.startsWith(folder)))
      .sort();
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  for (const file of files) {
    if (!existsSync(file)) continue; // deleted, not yet staged
    hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  }
  return `${process.version.split('.')[0]} ${hash.digest('hex')}`;
}

/** Whether dist/ was built from the checkout as it is now. */
export function builtFromCheckout() {
  const inputs = buildInputs();
  return inputs !== undefined && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === inputs;
}

if (process.argv[2] === '--write') {
  const inputs = buildInputs();
  if (inputs) writeFileSync(STAMP, `${inputs}\n`);
}
