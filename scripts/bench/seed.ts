import { hashPassword } from '../../src/server/users/password.ts';
import type { Db } from '../../src/server/db/database.ts';

export interface SeededProfile {
  username: string;
  /** The profile's links (not its blocks), with the address each opens. */
  links: Array<{ id: number; url: string }>;
}

/**
 * What a seeded page holds: `plain`, links only; `blocks`, the issue 30 page of
 * 5 links, 2 headers, a text block (whose address goes through /go) and 2
 * embeds (a YouTube video and a Spotify album, without pictures: their
 * providers are not asked here); `audience`, the blocks page whose first link
 * shows only on phones and tablets and whose third only in the US and Canada
 * (issue 30: the page is drawn per device class and country group).
 */
export type SeededLayout = 'plain' | 'blocks' | 'audience';
const BLOCKS_LAYOUT = ['header', 'link', 'embed', 'link', 'text', 'header', 'link', 'embed', 'link', 'link'] as const;
const EMBED_ADDRESSES = ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy'];

/** Users `bench{first}`… (or `benchblocks{first}`…, `benchaudience{first}`…) with links, written straight to the database in large transactions. */
export async function seedProfiles(
  db: Db,
  users: number,
  linksPerUser: number,
  first = 0,
  layout: SeededLayout = 'plain',
): Promise<SeededProfile[]> {
  const prefix = { plain: 'bench', blocks: 'benchblocks', audience: 'benchaudience' }[layout];
  const passwordHash = await hashPassword('bench-password');
  const now = new Date().toISOString();
  const profiles: SeededProfile[] = [];
  const batch = 500;
  for (let start = first; start < first + users; start += batch) {
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: Math.min(batch, first + users - start) }, (_, index) => ({
        username: `${prefix}${start + index}`,
        passwordHash,
        displayName: `Bench Creator ${start + index}`,
        bio: 'Designer, podcaster and weekend climber. Everything I make, in one place.',
        role: 'user' as const,
        plan: 'pro' as const,
        isActive: 1,
        verified: 0,
        createdAt: now,
        updatedAt: now,
      }));
      const inserted = await trx.insertInto('users').values(rows).returning(['id', 'username']).execute();
      const types = layout === 'plain' ? Array.from({ length: linksPerUser }, () => 'link' as const) : BLOCKS_LAYOUT;
      const links = inserted.flatMap((user) =>
        types.map((type, position) => ({
          userId: user.id,
          type,
          title:
            type === 'link'
              ? `Link number ${position + 1} of ${user.username}`
              : type === 'header'
                ? `Section ${position + 1}`
                : type === 'embed'
                  ? `Live session ${position + 1}, recorded for ${user.username}`
                  : '',
          body: type === 'text' ? `New episodes every Friday, live shows in spring. Tickets at www.example.com/${user.username}` : '',
          url:
            type === 'link' ? `https://example.com/${user.username}/${position}` : type === 'embed' ? EMBED_ADDRESSES[position % 2]! : '',
          icon: ['globe', 'youtube', 'instagram', 'github', 'music', 'store', 'mail', 'link'][position % 8]!,
          customIconId: null,
          color: ['purple-blue', 'orange-red', 'pink', 'teal'][position % 4]!,
          position,
          // The audience layout: its first link for phones and tablets, its third for the US and Canada.
          audienceDevice: layout === 'audience' && position === 1 ? ('mobile' as const) : ('any' as const),
          audienceCountries: layout === 'audience' && position === 6 ? 'CA,US' : '',
          isActive: 1,
          createdAt: now,
          updatedAt: now,
        })),
      );
      const linkRows: Array<{ id: number; userId: number; type: string; url: string }> = [];
      for (let offset = 0; offset < links.length; offset += 1000) {
        linkRows.push(
          ...(await trx
            .insertInto('links')
            .values(links.slice(offset, offset + 1000))
            .returning(['id', 'userId', 'type', 'url'])
            .execute()),
        );
      }
      for (const user of inserted) {
        const own = linkRows.filter((link) => link.userId === user.id && link.type === 'link');
        profiles.push({ username: user.username, links: own.map(({ id, url }) => ({ id, url })) });
      }
    });
  }
  return profiles;
}
