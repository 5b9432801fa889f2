// What one cache miss of the public page costs, part by part, measured in a
// process run with npm start's node options (public-page.bench.ts starts it on
// the bench's seeded database): reading the profile from the database, drawing
// ProfileView, and compressing and keeping the page. Prints one JSON line of
// microseconds per part. The bench bundles it with the server's esbuild plugins; usage:
// NODE_ENV=production node <options> miss-parts.mjs <dataDir>
export {};

const { openDatabase } = await import('../../src/server/db/database.ts');
const { loadPublicPageWithExpiry } = await import('../../src/server/public-page/public-page.service.ts');
const { renderProfilePage } = await import('../../src/server/page-drawing/render-page.tsx');
const { preparePage } = await import('../../src/server/http/page-cache.ts');
const { PAGE_READERS } = await import('../../src/server/services.ts');

const ROUNDS = 3_000;
const database = openDatabase({ dataDir: process.argv[2]! });
const usernames = (await database.db.selectFrom('users').select('username').orderBy('id').limit(ROUNDS).execute()).map(
  (row) => row.username,
);

/** Microseconds per call over ROUNDS calls, after as many unmeasured (the JIT settles). */
async function microseconds(part: (index: number) => unknown): Promise<number> {
  for (let index = 0; index < ROUNDS; index += 1) await part(index);
  const started = performance.now();
  for (let index = 0; index < ROUNDS; index += 1) await part(index);
  return ((performance.now() - started) * 1000) / ROUNDS;
}

const pages = await Promise.all(usernames.map((username) => loadPublicPageWithExpiry(database.db, PAGE_READERS, username)));
const html = pages.map((page) => renderProfilePage(page!.data, 'http://127.0.0.1'));
const load = await microseconds((index) => loadPublicPageWithExpiry(database.db, PAGE_READERS, usernames[index % usernames.length]!));
const render = await microseconds((index) => renderProfilePage(pages[index % pages.length]!.data, 'http://127.0.0.1'));
const compress = await microseconds((index) => preparePage(html[index % html.length]!, 1));
await database.close();
console.log(JSON.stringify({ load, render, compress }));
