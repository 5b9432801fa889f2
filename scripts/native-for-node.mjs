// `node scripts/native-for-node.mjs [node]`: make node_modules' better-sqlite3
// binary the one built for that Node (default: the one running this), so that
// one checkout can be tested under two Node majors (CI: Node 24 and 20).
// Each binary is compiled once per Node ABI and kept in a cache outside the
// checkout (LINKVERSE_CACHE, default ~/.cache/linkverse); later swaps are a copy.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const node = path.resolve(process.argv[2] ?? process.execPath);
const nodeRun = (args, options = {}) => execFileSync(node, args, { encoding: 'utf8', ...options });
const abi = nodeRun(['-p', 'process.versions.modules']).trim();
const packageDir = path.resolve('node_modules/better-sqlite3');
const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
const binary = path.join(packageDir, 'build/Release/better_sqlite3.node');
const cacheDir = process.env.LINKVERSE_CACHE ?? path.join(os.homedir(), '.cache', 'linkverse');
const cached = path.join(cacheDir, `better-sqlite3-${version}-node-abi${abi}-${process.platform}-${process.arch}.node`);

const loads = () => {
  try {
    nodeRun(['-e', "new (require('better-sqlite3'))(':memory:').close()"], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
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
  console.log(`better-sqlite3: the binary for Node ABI ${abi} from ${cacheDir}`);
} else {
  // Node's headers: beside the binary (the official build, /usr on Debian).
  const nodedir = path.dirname(path.dirname(node));
  console.log(`better-sqlite3: compiling for Node ABI ${abi} with the headers in ${nodedir}…`);
  execFileSync('npm', ['rebuild', 'better-sqlite3', `--nodedir=${nodedir}`, '--foreground-scripts'], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`, npm_config_nodedir: nodedir },
  });
  if (!loads()) throw new Error(`better-sqlite3 still does not load under ${node}`);
  keep();
}
