import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SiteFeatures } from '#shared/account.ts';
import { MEMORY_BOUNDS } from '../memory-bounds.ts';
import { escapeHtml } from '../http/html.ts';
import { type CachedPage, preparePage } from '../http/page-cache.ts';
import { siteLanguageOf } from '#shared/i18n/site-addresses.ts';

/** dist/pages/pages.json, written by scripts/build-web.mjs. */
interface SitePagesManifest {
  originPlaceholder: string;
  hostPlaceholder: string;
  /** Where the current year goes (the footer's ©). */
  yearPlaceholder: string;
  /** In a site-rendered page, where its content goes. */
  rootPlaceholder: string;
  /** The worker that draws the site-rendered pages, from this directory (src/web/site-render-worker.ts). */
  siteRenderer: string;
  notFound: string;
  /** The 404 page in each language, by code (issue 54). */
  notFoundIn: Record<string, string>;
  /** `listed`: offered to search engines (the public pages but the account ones). */
  pages: { path: string; file: string; prerendered: boolean; listed: boolean; siteRendered?: boolean }[];
}

/** The page of an address with a part of its own: /login/sso/{provider} is the /login/sso page (single sign-on's way back). */
function templateOf(pathname: string): string {
  return /^\/login\/sso\/[a-z0-9-]{1,32}$/.test(pathname) ? '/login/sso' : pathname;
}

/**
 * The web app's pages as the build wrote them (issue 11): the public ones
 * prerendered with their content, the signed-in ones as the app's shell, each
 * with its own title, and the '404 Page Not Found' page. Each is completed with
 * the site's origin (its canonical address) and kept compressed, per origin,
 * for MEMORY_BOUNDS.sitePageOrigins origins.
 */
export class SitePages {
  private readonly byOrigin = new Map<string, Map<string, CachedPage>>();
  /** The year the kept pages were completed in: a new year completes them again. */
  private year = new Date().getFullYear();
  /** The site-rendered pages of each language, drawn on the first request for one of them. */
  private readonly siteRendered = new Map<string, Promise<void>>();
  private readonly siteRenderedPaths: ReadonlySet<string>;

  private constructor(
    private readonly dir: string,
    private readonly manifest: SitePagesManifest,
    private readonly templates: Map<string, string>,
    private readonly features: SiteFeatures,
  ) {
    this.siteRenderedPaths = new Set(manifest.pages.filter((page) => page.siteRendered).map((page) => page.path));
  }

  /**
   * The pages built beside the web app (webRoot/../pages), or undefined before
   * a build. The ones that depend on the site's settings (the plans' limits, the
   * prices) are drawn with this site's features when first asked for (ready).
   */
  static load(webRoot: string, features: SiteFeatures): SitePages | undefined {
    const dir = path.resolve(webRoot, '..', 'pages');
    const manifestFile = path.join(dir, 'pages.json');
    if (!existsSync(manifestFile)) return undefined;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as SitePagesManifest;
    const templates = new Map<string, string>();
    for (const page of manifest.pages) {
      if (!page.siteRendered) templates.set(page.path, readFileSync(path.join(dir, page.file), 'utf8'));
    }
    templates.set(NOT_FOUND_KEY, readFileSync(path.join(dir, manifest.notFound), 'utf8'));
    for (const [language, file] of Object.entries(manifest.notFoundIn))
      templates.set(`${NOT_FOUND_KEY}:${language}`, readFileSync(path.join(dir, file), 'utf8'));
    return new SitePages(dir, manifest, templates, features);
  }

  /**
   * Resolves once a template can be served: at once, but for a site-rendered
   * page the first time, which waits for the site's renderer (tried again on the
   * next request if it failed).
   */
  private async ready(template: string): Promise<void> {
    if (this.templates.has(template) || !this.siteRenderedPaths.has(template)) return;
    // A language's pages are drawn together, the first time one of them is asked for (issue 54).
    const { language } = siteLanguageOf(template);
    let rendering = this.siteRendered.get(language);
    if (!rendering) {
      rendering = this.renderSitePages(language).catch((error: unknown) => {
        this.siteRendered.delete(language);
        throw error;
      });
      this.siteRendered.set(language, rendering);
    }
    await rendering;
  }

  /** Draw the site's own language's site-rendered pages now, in the background (a failure is tried again on their first request). */
  drawAhead(): void {
    const [first] = this.siteRenderedPaths;
    if (first !== undefined) this.ready(first).catch(() => undefined);
  }

  private async renderSitePages(language: string): Promise<void> {
    const pages = this.manifest.pages.filter((entry) => entry.siteRendered && siteLanguageOf(entry.path).language === language);
    const drawn = await renderInWorker(
      path.join(this.dir, this.manifest.siteRenderer),
      this.features,
      pages.map((page) => page.path),
    );
    for (const page of pages) {
      const root = drawn[page.path];
      if (root === undefined) throw new Error(`The site renderer did not draw ${page.path}`);
      const html = readFileSync(path.join(this.dir, page.file), 'utf8');
      this.templates.set(page.path, html.split(this.manifest.rootPlaceholder).join(root));
    }
  }

  /** The paths the app serves a page for (the public ones and the signed-in ones). */
  get paths(): string[] {
    return this.manifest.pages.map((page) => page.path);
  }

  /** The public pages, with content, for search engines (sitemap.xml): not the account pages. */
  get listedPaths(): string[] {
    return this.manifest.pages.filter((page) => page.listed).map((page) => page.path);
  }

  /**
   * The page for a path, completed for an origin; undefined for a path the app
   * has no page for. `siteClosed` marks it (`<html data-site="closed">`) for a
   * visitor while coming-soon mode is on: the login page then hides the links
   * that would only lead back to the coming-soon page (styles.css).
   */
  async page(pathname: string, origin: string, siteClosed = false): Promise<CachedPage | undefined> {
    const template = templateOf(pathname);
    await this.ready(template);
    return this.templates.has(template) ? this.pageOf(template, origin, siteClosed) : undefined;
  }

  /** The 404 page, in the language of the address not found (an unknown one under /es: Spanish). */
  notFound(origin: string, pathname = '/'): CachedPage {
    const key = `${NOT_FOUND_KEY}:${siteLanguageOf(pathname).language}`;
    return this.pageOf(this.templates.has(key) ? key : NOT_FOUND_KEY, origin);
  }

  private pageOf(template: string, origin: string, siteClosed = false): CachedPage {
    const year = new Date().getFullYear();
    if (year !== this.year) {
      this.year = year;
      this.byOrigin.clear();
    }
    const key = siteClosed ? `${template}${CLOSED_SUFFIX}` : template;
    let pages = this.byOrigin.get(origin);
    if (!pages && this.byOrigin.size < MEMORY_BOUNDS.sitePageOrigins) {
      pages = new Map();
      this.byOrigin.set(origin, pages);
    }
    const kept = pages?.get(key);
    if (kept) return kept;
    const html = this.templates.get(template) ?? '';
    const page = preparePage(this.complete(siteClosed ? html.replace('<html ', '<html data-site="closed" ') : html, origin), 0);
    if (pages) {
      page.recompress();
      pages.set(key, page);
    }
    return page;
  }

  private complete(template: string, origin: string): string {
    const host = origin.replace(/^[a-z]+:\/\//, '');
    // An origin from a Host header is the client's text: escaped where it lands.
    return template
      .replaceAll(this.manifest.originPlaceholder, escapeHtml(origin))
      .replaceAll(this.manifest.hostPlaceholder, escapeHtml(host))
      .replaceAll(this.manifest.yearPlaceholder, String(this.year));
  }
}

/**
 * The site-rendered pages' content, drawn in a worker thread that then exits:
 * the server keeps none of React, nor the web app's code, in its memory.
 */
function renderInWorker(renderer: string, features: SiteFeatures, paths: string[]): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(renderer, { workerData: { features, paths } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The site renderer exited (${code}) without drawing its pages`)));
  });
}

const NOT_FOUND_KEY = '\0not-found';
const CLOSED_SUFFIX = '\0closed';
