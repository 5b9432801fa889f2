import { hashPassword } from '../../src/server/auth/password.ts';
import type { Db } from '../../src/server/db/database.ts';

export interface SeededProfile {
  username: string;
  linkIds: number[];
}

/** Users `bench{first}`… with links, written straight to the database in large transactions. */
export async function seedProfiles(db: Db, users: number, linksPerUser: number, first = 0): Promise<SeededProfile[]> {
  const passwordHash = await hashPassword('bench-password');
  const now = new Date().toISOString();
  const profiles: SeededProfile[] = [];
  const batch = 500;
  for (let start = first; start < first + users; start += batch) {
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: Math.min(batch, first + users - start) }, (_, index) => ({
        username: `bench${start + index}`,
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
      const links = inserted.flatMap((user) =>
        Array.from({ length: linksPerUser }, (_, position) => ({
          userId: user.id,
          title: `Link number ${position + 1} of ${user.username}`,
          url: `https://example.com/${user.username}/${position}`,
          icon: ['globe', 'youtube', 'instagram', 'github', 'music', 'store', 'mail', 'link'][position % 8]!,
          customIconId: null,
          color: ['purple-blue', 'orange-red', 'pink', 'teal'][position % 4]!,
          position,
          isActive: 1,
          createdAt: now,
          updatedAt: now,
        })),
      );
      const linkRows: Array<{ id: number; userId: number }> = [];
      for (let offset = 0; offset < links.length; offset += 1000) {
        linkRows.push(
          ...(await trx
            .insertInto('links')
            .values(links.slice(offset, offset + 1000))
            .returning(['id', 'userId'])
            .execute()),
        );
      }
      for (const user of inserted) {
        profiles.push({ username: user.username, linkIds: linkRows.filter((link) => link.userId === user.id).map((link) => link.id) });
      }
    });
  }
  return profiles;
}
