import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplesPlugin } from '../../scripts/examples-plugin.ts';
import { EXAMPLE_PAGES } from '../../src/web/features/examples/example-pages.tsx';

describe('the example pages built into the app', () => {
  it('are the example profiles as ProfileView draws them, and nothing else', async () => {
    const plugin = examplesPlugin(path.resolve('.'));
    const resolveId = plugin.resolveId as (id: string) => string | null;
    const load = plugin.load as (this: { addWatchFile(file: string): void }, id: string) => Promise<string | null>;
    const id = resolveId('virtual:linkverse-example-pages');
    expect(id).toBe('\0virtual:linkverse-example-pages');
    expect(resolveId('virtual:something-else')).toBeNull();

    const watched: string[] = [];
    const code = await load.call({ addWatchFile: (file) => watched.push(file) }, id!);
    const prefix = 'export const EXAMPLE_PAGES = ';
    expect(code?.startsWith(prefix)).toBe(true);
    const shipped: unknown = JSON.parse(code!.slice(prefix.length).replace(/;$/, ''));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(EXAMPLE_PAGES)));
    expect(EXAMPLE_PAGES.length).toBeGreaterThanOrEqual(3);
    for (const page of EXAMPLE_PAGES) expect(page.html).toMatch(/^<div class="lv-page"/);
    expect(watched).toContain(path.resolve('src/web/features/examples/example-profiles.ts'));
    expect(await load.call({ addWatchFile: () => {} }, '\0virtual:linkverse-content')).toBeNull();
  });
});
