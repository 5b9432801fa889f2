// Run by the server on the first request for one of its pages, in a worker thread of its own (site-pages.ts):
// draws the pages that depend on this site's settings (SITE_RENDERED_PATHS) with
// its features, and exits, so that the server keeps none of React in memory.
import { parentPort, workerData } from 'node:worker_threads';
import type { SiteFeatures } from '#shared/account.ts';
import { SITE_RENDERED_PATHS } from './features/site/page-meta.ts';
import { renderPath } from './prerender.tsx';

const { features } = workerData as { features: SiteFeatures };
const pages: Record<string, string> = {};
for (const pathname of SITE_RENDERED_PATHS) pages[pathname] = await renderPath(pathname, features);
parentPort?.postMessage(pages);
