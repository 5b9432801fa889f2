import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchChromium } from './chromium.ts';
import { type TestApp, type TestAppOptions, createTestApp } from './test-app.ts';

export interface RunningServer {
  baseUrl: string;
  testApp: TestApp;
  close(): Promise<void>;
}

/** The built product (dist/web) served by a real app on a free port, on a fresh database. */
export async function startWebServer(config: TestAppOptions['config'] = {}): Promise<RunningServer> {
  const webRoot = path.resolve('dist/web');
  if (!existsSync(path.join(webRoot, 'index.html'))) {
    throw new Error('dist/web is missing: run `npm run build` before the browser tests (npm test does).');
  }
  const testApp = await createTestApp({ webRoot, config });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, testApp, close: () => testApp.close() };
}

/**
 * For a browser test file: the built product on a fresh database and a Chromium,
 * started before its tests and stopped after them. Read `.server` and `.browser` inside tests.
 */
export function useServerAndBrowser(config: () => TestAppOptions['config'] = () => ({})): { server: RunningServer; browser: Browser } {
  const handle = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    handle.server = await startWebServer(config());
    handle.browser = await launchChromium();
  });
  afterAll(async () => {
    await handle.browser?.close();
    await handle.server?.close();
  });
  // A failed test leaves a screenshot of every page it still had open (test-results/, ignored by git).
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      const pages = handle.browser?.contexts().flatMap((context) => context.pages()) ?? [];
      const folder = path.resolve('test-results', 'e2e');
      mkdirSync(folder, { recursive: true });
      const name = `${path.basename(task.file.name, '.test.ts')}-${task.name}`.replace(/[^\w.-]+/g, '-').slice(0, 120);
      for (const [index, page] of pages.entries()) {
        const file = path.join(folder, `${name}-${index + 1}.png`);
        try {
          await page.screenshot({ path: file, fullPage: true, timeout: 5000 });
          console.error(`screenshot of ${page.url()} when the test failed: ${file}`);
        } catch {
          // A page that closed meanwhile has nothing to show.
        }
      }
    });
  });
  return handle;
}
