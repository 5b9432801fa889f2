import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplesPlugin } from '../../scripts/examples-plugin.ts';
import { EXAMPLE_PROFILES } from '../../src/web/features/examples/example-profiles.ts';

describe('the example pages built into the app', () => {
  it('are the example profiles as toPublicProfile maps them, and nothing else', async () => {
    const plugin = examplesPlugin(path.resolve('.'));
    const resolveId = plugin.resolveId as (id: string) => string | null;
    const load = plugin.load as (this: { addWatchFile(file: string): void }, id: string) => Promise<string | null>;
    const id = resolveId('virtual:linkverse-example-pages');
    expect(id).toBe('\0virtual:linkverse-example-pages');
    expect(resolveId('virtual:something-else')).toBeNull();

    const watched: string[] = [];
    const code = await load.call({ addWatchFile: (file) => watched.push(file) }, id!);
    const prefix = 'export const EXAMPLE_PROFILES = ';
    expect(code?.startsWith(prefix)).toBe(true);
    const shipped: unknown = JSON.parse(code!.slice(prefix.length).replace(/;$/, ''));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(EXAMPLE_PROFILES)));
    expect(EXAMPLE_PROFILES.length).toBeGreaterThanOrEqual(3);
    expect(watched).toEqual([path.resolve('src/web/features/examples/example-profiles.ts')]);
    expect(await load.call({ addWatchFile: () => {} }, '\0virtual:linkverse-content')).toBeNull();
  });
});
