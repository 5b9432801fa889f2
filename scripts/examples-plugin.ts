// Draws the example pages (src/web/features/examples/example-pages.tsx) at build
// time into the virtual module `virtual:linkverse-example-pages` (issues 11, 27):
// each goes through the same toPublicProfile and ProfileView as every real page,
// but the browser receives only the HTML, not the mapping with its custom-CSS
// sanitizer (css-tree) nor ProfileView, and hydrates none of it.
import path from 'node:path';
import { type Plugin, runnerImport } from 'vite';
import type { ExamplePage } from '../src/web/features/examples/example-pages.tsx';
import { catalogsVitePlugin } from './catalogs.ts';

const EXAMPLES_ID = 'virtual:linkverse-example-pages';
const SOURCE = 'src/web/features/examples/example-pages.tsx';
const SOURCES = [SOURCE, 'src/web/features/examples/example-profiles.ts', 'src/profile/profile-view.tsx', 'src/profile/profile-words.ts'];

export function examplesPlugin(projectRoot: string): Plugin {
  const source = path.join(projectRoot, SOURCE);
  const watched = SOURCES.map((file) => path.join(projectRoot, file));
  return {
    name: 'linkverse-example-pages',
    resolveId(id) {
      return id === EXAMPLES_ID ? `\0${id}` : null;
    },
    async load(id) {
      if (id !== `\0${EXAMPLES_ID}`) return null;
      for (const file of watched) this.addWatchFile(file);
      const { module } = await runnerImport<{ EXAMPLE_PAGES: readonly ExamplePage[] }>(source, {
        configFile: false,
        root: projectRoot,
        // ProfileView's words come from the English catalog, compiled as the build compiles it.
        plugins: [catalogsVitePlugin()],
        logLevel: 'warn',
      });
      return `export const EXAMPLE_PAGES = ${JSON.stringify(module.EXAMPLE_PAGES)};`;
    },
  };
}
