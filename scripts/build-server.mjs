// Compiles the server to dist/server with esbuild: production runs plain
// JavaScript (npm start), not a TypeScript loader. Packages stay in
// node_modules; the code of src/ (server, shared, profile) is bundled into
// main.js and admin.js, with the icon sets (below). `--watch` rebuilds on change (npm run dev).
import { readFile } from 'node:fs/promises';
import * as esbuild from 'esbuild';
import { catalogsEsbuildPlugin } from './catalogs.ts';
import { rawText } from './raw-text-plugin.mjs';

const outdir = 'dist/server';

// Packages stay in node_modules, except the icon sets the public page draws from:
// each module holds thousands of icons (simple-icons alone is about 14 MB of
// heap once loaded); bundled, only the ones ProfileView uses are kept.
const BUNDLED_PACKAGES = new Set(['simple-icons', 'lucide-react']);
const manifest = JSON.parse(await readFile('package.json', 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
  .filter((name) => !BUNDLED_PACKAGES.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const options = {
  // The SQLite analytics writer (a worker thread) and the media worker (a process) run from files of their own, next to main.js.
  entryPoints: {
    main: 'src/server/main.ts',
    admin: 'scripts/admin.ts',
    backup: 'scripts/backup.ts',
    'sqlite-event-writer.worker': 'src/server/analytics/sqlite-event-writer.worker.ts',
    'image-worker': 'src/server/media/image-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external,
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [rawText, catalogsEsbuildPlugin()],
};

if (process.argv.includes('--watch')) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  await esbuild.build(options);
}
