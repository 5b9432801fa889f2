// Maps the example pages (src/web/features/examples/example-profiles.ts) at build
// time into the virtual module `virtual:linkverse-example-pages` (issue 11): each
// goes through the same toPublicProfile as every real page, but the browser
// receives only the result, not the mapping with its custom-CSS sanitizer
// (css-tree, the largest part of what /examples would otherwise download).
import path from 'node:path';
import { type Plugin, runnerImport } from 'vite';
import type { ExampleProfile } from '../src/web/features/examples/example-profiles.ts';

const EXAMPLES_ID = 'virtual:linkverse-example-pages';
const SOURCE = 'src/web/features/examples/example-profiles.ts';

export function examplesPlugin(projectRoot: string): Plugin {
  const source = path.join(projectRoot, SOURCE);
  return {
    name: 'linkverse-example-pages',
    resolveId(id) {
      return id === EXAMPLES_ID ? `\0${id}` : null;
    },
    async load(id) {
      if (id !== `\0${EXAMPLES_ID}`) return null;
      this.addWatchFile(source);
      const { module } = await runnerImport<{ EXAMPLE_PROFILES: readonly ExampleProfile[] }>(source, {
        configFile: false,
        root: projectRoot,
        logLevel: 'warn',
      });
      return `export const EXAMPLE_PROFILES = ${JSON.stringify(module.EXAMPLE_PROFILES)};`;
    },
  };
}
