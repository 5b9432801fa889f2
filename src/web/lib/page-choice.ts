import { PAGE_HEADER_NAME } from '#shared/page-roles.ts';

// The page the dashboard works on (issue 53): the account's own first page
// until the dashboard's address names another (?page=username). Every API call
// names it (api.ts), and a download names it in its address (pageQuery), so
// that the server acts on it, after checking on each call that the person may.

let chosen: number | null = null;

/** Work on the page with this id from now on; null: the account's own first page. */
export function choosePageId(id: number | null): void {
  chosen = id;
}

export function chosenPageId(): number | null {
  return chosen;
}

/** The header that names the chosen page (or `page`, when a call names its own), for an API call. */
export function pageHeaders(page: number | null | undefined = chosen): Record<string, string> {
  return page === null ? {} : { [PAGE_HEADER_NAME]: String(page) };
}

/** A download's address, naming the chosen page in its query: a link the browser follows carries no header. */
export function withPage(path: string): string {
  if (chosen === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${PAGE_HEADER_NAME}=${chosen}`;
}
