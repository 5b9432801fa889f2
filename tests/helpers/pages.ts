import type { Page, Response } from 'playwright-core';

/**
 * Open a path and wait until the web app has taken over the page: a
 * prerendered page is readable at once, but typing into its form before it
 * hydrates is what a test must not do.
 */
export async function openAppPage(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
  return response;
}
