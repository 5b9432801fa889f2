import { readFileSync } from 'node:fs';

/**
 * The options `npm start` gives node, read from package.json's start script, so
 * that the benches and the tests run the compiled server exactly as users do.
 */
export function startNodeOptions(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const [, options = ''] = /\bnode((?:\s+--\S+)*)\s+dist\/server\/main\.js/.exec(scripts.start) ?? [];
  return options.split(/\s+/).filter(Boolean);
}
