// Run by the server on the first request for one of its pages, in a worker thread of its own (site-pages.ts):
// draws the pages that depend on this site's settings (SITE_RENDERED_PATHS) in one language with
// its features, and exits, so that the server keeps none of React in memory.
import { parentPort, workerData } from 'node:worker_threads';
import type { SiteFeatures } from '#shared/account.ts';
import { renderPath } from './prerender.tsx';

const { features, paths } = workerData as { features: SiteFeatures; paths: string[] };
const pages: Record<string, string> = {};
for (const pathname of paths) pages[pathname] = await renderPath(pathname, features);
parentPort?.postMessage(pages);
