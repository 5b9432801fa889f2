// `node scripts/native-for-node.mjs [node]`: make sure the SQLite driver that
// Node loads works under it (src/server/db/sqlite-driver.ts), so that one
// checkout can be tested under two Node majors (CI: Node 24 and Node 20).
// Node 22+ loads better-sqlite3 13, prebuilt on Node-API: nothing to do.
// Node 20 loads better-sqlite3 12 (`better-sqlite3-node20`), compiled for one
// Node ABI at a time: its binary for this Node is compiled once and kept in a
// cache outside the checkout (LINKVERSE_CACHE, default ~/.cache/linkverse);
// later swaps are a copy.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const node = path.resolve(process.argv[2] ?? process.execPath);
const nodeRun = (args, options = {}) => execFileSync(node, args, { encoding: 'utf8', ...options });
const [major, abi] = nodeRun(['-p', "process.versions.node.split('.')[0] + ' ' + process.versions.modules"]).trim().split(' ');
const packageName = Number(major) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';
const packageDir = path.resolve('node_modules', packageName);

const loads = () => {
  try {
    nodeRun(['-e', `new (require(${JSON.stringify(packageDir)}))(':memory:').close()`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (packageName === 'better-sqlite3') {
  if (!loads()) throw new Error(`better-sqlite3 does not load under ${node}: run npm install again`);
  process.exit(0);
}

const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
const binary = path.join(packageDir, 'build/Release/better_sqlite3.node');
const cacheDir = process.env.LINKVERSE_CACHE ?? path.join(os.homedir(), '.cache', 'linkverse');
const cached = path.join(cacheDir, `better-sqlite3-${version}-node-abi${abi}-${process.platform}-${process.arch}.node`);

const keep = () => {
  mkdirSync(cacheDir, { recursive: true });
  copyFileSync(binary, `${cached}.part`);
  renameSync(`${cached}.part`, cached);
};
// Copied beside and renamed into place: a process that has the old binary loaded keeps its own copy.
const restore = () => {
  copyFileSync(cached, `${binary}.part`);
  renameSync(`${binary}.part`, binary);
};

if (existsSync(binary) && loads()) {
  if (!existsSync(cached)) keep();
} else if (existsSync(cached) && (restore(), loads())) {
  console.log(`${packageName}: the binary for Node ABI ${abi} from ${cacheDir}`);
} else {
  // Node's headers: beside the binary (the official build, /usr on Debian).
  const nodedir = path.dirname(path.dirname(node));
  console.log(`${packageName}: compiling for Node ABI ${abi} with the headers in ${nodedir}…`);
  execFileSync('npm', ['rebuild', packageName, `--nodedir=${nodedir}`, '--foreground-scripts'], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`, npm_config_nodedir: nodedir },
  });
  if (!loads()) throw new Error(`${packageName} still does not load under ${node}`);
  keep();
}
