import type { Plugin } from 'esbuild';

/** `import text from './file.css?raw'`: the file's text (scripts/raw-text-plugin.mjs). */
export declare const rawText: Plugin;
