import { preparePage } from '../http/page-cache.ts';
import { renderProfileNotFound } from './render-page.tsx';

/** The page for a name no one has, or a link that leads nowhere: made once and answered as it is, never through the cache, in its smaller form from the start. */
export const NOT_FOUND_PAGE = preparePage(renderProfileNotFound(), 0);
NOT_FOUND_PAGE.recompress();
