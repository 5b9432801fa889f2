import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page, Response } from 'playwright-core';
import { expect } from 'vitest';

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

/** Where a browser test signs in, and what it sees. */
export interface SignInOptions {
  width?: number;
  height?: number;
  reducedMotion?: 'reduce' | 'no-preference';
  /** Where the test starts once signed in (a path on the site); the dashboard without it. */
  next?: string;
}

/**
 * A browser context of its own, signed in, at the page sign-in leads to. The
 * session comes from the API (POST /api/auth/login in the context, which keeps
 * its cookies), not from typing into the form: the forms have tests of their
 * own (auth-flow, account, static-pages), and every other test starts at its subject.
 */
export async function signInPage(
  browser: Browser,
  baseUrl: string,
  credentials: { username: string; password: string },
  options: SignInOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    ...(options.reducedMotion && { reducedMotion: options.reducedMotion }),
  });
  const signedIn = await context.request.post('/api/auth/login', { data: credentials, headers: { origin: baseUrl } });
  if (!signedIn.ok()) throw new Error(`signing in ${credentials.username} failed: ${signedIn.status()} ${await signedIn.text()}`);
  const page = await context.newPage();
  await openAppPage(page, options.next ?? '/dashboard');
  return page;
}

/**
 * Once the page has drawn two more frames and run what they queued: what the
 * page does in reply to a change (dnd-kit's measuring, layout-shift and policy
 * reports) has happened. A wait on the page's own state, not on the clock.
 */
export async function afterNextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
}

/**
 * Once every finite animation on the page has finished, and none has started since: a toast raised a moment ago
 * mounts on the next frame and only then starts its fade (sonner), so the page is looked at again, twice.
 */
export async function afterAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let round = 0; round < 3; round++) {
      await frames();
      await Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      );
    }
  });
}

/**
 * What axe finds on the page (WCAG 2 A/AA and best practice), one line per
 * failing element, once what is fading in (a toast, an entrance) has arrived:
 * axe measures the colours on screen, and half-faded text is not what anyone reads.
 */
export async function axeViolationsOf(page: Page): Promise<string[]> {
  await afterAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.any[0]?.message ?? ''}`.trim()),
  );
}

/** Closing the page asks the browser's own question (a draft is never dropped silently); the page is closed after. */
export async function expectCloseToAsk(page: Page): Promise<void> {
  let asked = '';
  const closed = new Promise((resolve) => page.once('close', resolve));
  page.on('dialog', (dialog) => {
    asked = dialog.type();
    // Leave: the page then closes as a person's would. (Staying left a page with its question pending for the
    // context's close, and Chromium once crashed there under load, taking every later test of the file with it.)
    void dialog.accept();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toBe('beforeunload');
  await closed;
}

/**
 * What a page drawn in the tests' pseudo-language (every word accented, longer, in brackets; issue 54) shows outside
 * its brackets: the words of its visible text and of the names screen readers hear, but for what `theirs` selects
 * (someone's own content, what is marked translate="no") and words `allowed` (names the same in every language, signs,
 * the keys of a shortcut). Any other word escaped translation. `within`: the part of the page to read, all of it unless told;
 * `attributes`: whether to read the names too (a hydrated part keeps the attributes it was sent with).
 */
export function wordsOutsideBrackets(
  page: Page,
  { theirs, allowed, within = 'body', attributes = true }: { theirs: string; allowed?: RegExp; within?: string; attributes?: boolean },
): Promise<string[]> {
  return page.evaluate(
    ({ theirs, allowed, within, attributes }) => {
      const root = document.querySelector(within) ?? document.body;
      const names = allowed ? new RegExp(allowed, 'u') : undefined;
      const skipped = (element: Element) => element.closest(`${theirs}, script, style`) !== null;
      // The text in the page's order, one string: a message around an element of its own ('Plans on <span>Linkverse</span>') keeps its brackets.
      const shown: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && !skipped(parent) && parent.checkVisibility()) shown.push(node.textContent ?? '');
      }
      const texts = [shown.join(' ')];
      for (const element of attributes ? root.querySelectorAll('[aria-label], [title], [placeholder], [alt]') : []) {
        if (skipped(element) || !element.checkVisibility()) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) texts.push(element.getAttribute(name) ?? '');
      }
      return texts
        .map((text) => text.replace(/\[[^\]]*\]/g, ' ').replace(/\b(alt|ctrl|shift|meta)\+\w\b/gi, ' '))
        .flatMap((text) => text.split(/\s+/))
        .filter((word) => /\p{L}/u.test(word) && !names?.test(word));
    },
    { theirs, allowed: allowed?.source, within, attributes },
  );
}
