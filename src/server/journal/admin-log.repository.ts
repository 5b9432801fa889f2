import type { AdminAction } from '#shared/admin.ts';
import type { Db } from '../db/database.ts';

// The activity log of admin changes (spec 001 §2), its own folder: the
// control center, the site settings and the payments' webhook all write to
// it, and none of them needs the others to.

export async function listLogs(db: Db, action: AdminAction | undefined, offset: number, limit: number) {
  let query = db.selectFrom('adminLogs');
  if (action) query = query.where('action', '=', action);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function insertLog(
  db: Db,
  entry: {
    /** null: the site itself acted (a payment's webhook), named by adminUsername. */
    adminId: number | null;
    adminUsername: string;
    action: AdminAction;
    targetId: number | null;
    targetUsername: string | null;
    details: string | null;
    createdAt: string;
  },
): Promise<void> {
  await db.insertInto('adminLogs').values(entry).execute();
}
