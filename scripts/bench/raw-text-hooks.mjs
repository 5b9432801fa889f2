// Module hooks for a bench process that imports the server's source: `import text
// from './file.css?raw'` gives the file's text, as Vite (tests) and esbuild (the
// server build, scripts/build-server.mjs) give it.
import { readFile } from 'node:fs/promises';

export async function resolve(specifier, context, nextResolve) {
  if (!specifier.endsWith('?raw')) return nextResolve(specifier, context);
  const resolved = await nextResolve(specifier.slice(0, -'?raw'.length), context);
  return { url: `${resolved.url}?raw`, shortCircuit: true };
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('?raw')) return nextLoad(url, context);
  const text = await readFile(new URL(url.slice(0, -'?raw'.length)), 'utf8');
  return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}
