import {
  type AdminAction,
  type AdminLogEntry,
  type AdminUser,
  type ReservedUsername,
  type UsernameHistoryEntry,
  adminMessages,
} from '#shared/admin.ts';
import type { Plan, Role } from '#shared/constants.ts';
import { ADMIN_RESET_LINK_HOURS, type ResetLink } from '#shared/password-reset.ts';
import { isAppRouteName } from '#shared/reserved-names.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { AdminLogRow, UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { deleteSessionsOfUser } from '../users/sessions.repository.ts';
import { type ChangeBus, profileChange } from '../http/change-bus.ts';
import { countActiveAdmins, findUserById, findUserByUsername, insertUsernameHistory, updateUser } from '../users/users.repository.ts';
import { assertTypedUsername, assertUsernameAvailable, publishPagesChanged } from '../users/users.service.ts';
import {
  countStats,
  deleteReservedUsername,
  findReservedUsername,
  findReservedUsernameById,
  insertReservedUsername,
  listReserved,
  listUsernameHistory,
  listUsers,
} from './admin.repository.ts';
import { insertLog, listLogs } from '../journal/admin-log.repository.ts';
import type { AccountRescue } from '../services.ts';

/** A user as the control center lists it; `ownerUsername` names the account that owns a further page (issue 53). */
export function toAdminUser(row: UserRow & { ownerUsername?: string | null }): AdminUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    profileImage: row.profileImage,
    bio: row.bio,
    role: row.role,
    plan: row.plan,
    isActive: row.isActive === 1,
    verified: row.verified === 1,
    deleteAfter: row.deleteAfter,
    owner: row.ownerId !== null ? { id: row.ownerId, username: row.ownerUsername ?? '' } : null,
    createdAt: row.createdAt,
  };
}

export function toReserved(row: {
  id: number;
  username: string;
  reason: string;
  createdAt: string;
  reservedByUsername: string | null;
}): ReservedUsername {
  return {
    id: row.id,
    username: row.username,
    reason: row.reason,
    reservedBy: row.reservedByUsername,
    createdAt: row.createdAt,
    builtIn: isAppRouteName(row.username),
  };
}

export function toHistoryEntry(row: {
  id: number;
  oldUsername: string;
  newUsername: string;
  reason: string | null;
  changedAt: string;
  changedByUsername: string | null;
}): UsernameHistoryEntry {
  return {
    id: row.id,
    oldUsername: row.oldUsername,
    newUsername: row.newUsername,
    changedBy: row.changedByUsername,
    reason: row.reason,
    changedAt: row.changedAt,
  };
}

export function toLogEntry(row: AdminLogRow): AdminLogEntry {
  return {
    id: row.id,
    createdAt: row.createdAt,
    adminUsername: row.adminUsername,
    action: row.action,
    targetUsername: row.targetUsername,
    targetId: row.targetId,
    details: row.details,
  };
}

/**
 * Every admin change runs here: the change and its one log entry in one
 * transaction; afterwards every instance drops what it cached about the user.
 */
export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly bus: ChangeBus,
    /** What the control center does to an account that other features own (services.accountRescue). */
    private readonly rescue: AccountRescue,
  ) {}

  private async target(trx: Db, id: number): Promise<UserRow & { ownerUsername: string | null }> {
    const user = await findUserById(trx, id);
    if (!user) throw new AppError(404, 'not_found', adminMessages.userNotFound);
    const owner = user.ownerId === null ? undefined : await findUserById(trx, user.ownerId);
    return { ...user, ownerUsername: owner?.username ?? null };
  }

  /** An account, not a further page (issue 53): what only a person has (a password, second factors, a role, a plan). */
  private async account(trx: Db, id: number): Promise<UserRow> {
    const user = await this.target(trx, id);
    if (user.ownerUsername !== null) throw new AppError(409, 'forbidden', adminMessages.pageNotAccount(user.ownerUsername));
    return user;
  }

  private log(
    trx: Db,
    admin: UserRow,
    action: AdminAction,
    target: { id: number | null; username: string | null },
    details: string | null,
  ) {
    return insertLog(trx, {
      adminId: admin.id,
      adminUsername: admin.username,
      action,
      targetId: target.id,
      targetUsername: target.username,
      details,
      createdAt: nowIso(),
    });
  }

  /** The account's pages are drawn again (its further pages take its plan and state). */
  private async changed(user: UserRow) {
    await publishPagesChanged(this.db, this.bus, user);
  }

  /** Refuse to leave the site without an active admin. */
  private async guardLastAdmin(trx: Db, user: UserRow): Promise<void> {
    if (user.role === 'admin' && user.isActive === 1 && (await countActiveAdmins(trx)) <= 1) {
      throw new AppError(409, 'last_admin', adminMessages.lastAdmin);
    }
  }

  async changeUsername(admin: UserRow, id: number, newUsername: string, reason: string): Promise<AdminUser> {
    const { before, after } = await this.db.transaction().execute(async (trx) => {
      const user = await this.target(trx, id);
      if (user.username === newUsername) throw new AppError(400, 'no_changes', adminMessages.noChanges);
      await assertUsernameAvailable(trx, newUsername, id);
      const at = nowIso();
      await updateUser(trx, id, { username: newUsername, updatedAt: at });
      await insertUsernameHistory(trx, { userId: id, oldUsername: user.username, newUsername, changedBy: admin.id, reason, changedAt: at });
      await this.log(trx, admin, 'username_change', { id, username: newUsername }, `${user.username} → ${newUsername}: ${reason}`);
      return { before: user, after: await this.target(trx, id) };
    });
    await this.changed(before);
    return toAdminUser(after);
  }

  async changeRole(admin: UserRow, id: number, role: Role, reason?: string): Promise<AdminUser> {
    const after = await this.db.transaction().execute(async (trx) => {
      const user = await this.account(trx, id);
      if (user.role === role) throw new AppError(400, 'no_changes', adminMessages.noChanges);
      if (role === 'user') await this.guardLastAdmin(trx, user);
      await updateUser(trx, id, { role, updatedAt: nowIso() });
      await this.log(trx, admin, 'role_change', user, `${user.role} → ${role}${reason ? `: ${reason}` : ''}`);
      return this.target(trx, id);
    });
    return toAdminUser(after);
  }

  async setActive(admin: UserRow, id: number, active: boolean): Promise<AdminUser> {
    const after = await this.db.transaction().execute(async (trx) => {
      const user = await this.target(trx, id);
      if ((user.isActive === 1) === active) throw new AppError(400, 'no_changes', adminMessages.noChanges);
      if (!active) await this.guardLastAdmin(trx, user);
      await updateUser(trx, id, { isActive: active ? 1 : 0, updatedAt: nowIso() });
      // Deactivation signs the user out everywhere at once.
      if (!active) await deleteSessionsOfUser(trx, id);
      await this.log(trx, admin, active ? 'user_reactivation' : 'user_deactivation', user, null);
      return this.target(trx, id);
    });
    await this.changed(after);
    return toAdminUser(after);
  }

  /**
   * Remove an account at once, for good (an admin's deletion has no grace
   * period): links, media and analytics go, the name is held like a deleted
   * account's. The username typed out is the second confirmation; logged.
   */
  async deleteUser(admin: UserRow, id: number, typedUsername: string): Promise<void> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      const user = await this.target(trx, id);
      if (user.id === admin.id) throw new AppError(403, 'forbidden', adminMessages.deleteSelf);
      assertTypedUsername(typedUsername, user.username);
      await this.guardLastAdmin(trx, user);
      await this.log(
        trx,
        admin,
        'user_deletion',
        { id: null, username: user.username },
        `${user.displayName} (id ${user.id}, joined ${user.createdAt.slice(0, 10)})`,
      );
      const pages = await this.rescue.purge(trx, user);
      return { user, pages };
    });
    // The account's pages went with it: each is dropped from every cache.
    for (const id of [deleted.user.id, ...deleted.pages]) this.bus.publish(profileChange({ id }));
  }

  /** A one-time link that lets the user set a new password: shown to the admin once; the log keeps who and when, never the link. */
  async passwordResetLink(admin: UserRow, id: number, origin: string): Promise<ResetLink> {
    return this.db.transaction().execute(async (trx) => {
      const user = await this.account(trx, id);
      const link = await this.rescue.resetLink(trx, user.id, { hours: ADMIN_RESET_LINK_HOURS, createdBy: admin.id, origin });
      await this.log(trx, admin, 'password_reset_link', user, `valid until ${link.expiresAt}`);
      return link;
    });
  }

  /** A user who lost their phone: their authenticator app and recovery codes go (logged), and the password alone signs them in. Returns the user, to be told. */
  async removeSecondFactors(admin: UserRow, id: number): Promise<UserRow> {
    return this.db.transaction().execute(async (trx) => {
      const user = await this.account(trx, id);
      if (!(await this.rescue.removeSecondFactors(trx, user.id))) throw new AppError(400, 'not_enabled', adminMessages.noSecondFactor);
      await this.log(trx, admin, 'second_factor_removal', user, 'authenticator app and recovery codes removed');
      return user;
    });
  }

  /** The counts of the stats cards. */
  stats() {
    return countStats(this.db);
  }

  /** One page of users, newest first, searched by username or display name. */
  async users(search: string, page: number, limit: number): Promise<{ users: AdminUser[]; total: number }> {
    const { rows, total } = await listUsers(this.db, search, (page - 1) * limit, limit);
    return { users: rows.map(toAdminUser), total };
  }

  /** A user's username changes, newest first. */
  async usernameHistory(id: number): Promise<UsernameHistoryEntry[]> {
    await this.target(this.db, id);
    return (await listUsernameHistory(this.db, id)).map(toHistoryEntry);
  }

  /** One page of reserved usernames, newest first. */
  async reserved(search: string, page: number, limit: number): Promise<{ rows: ReservedUsername[]; total: number }> {
    const { rows, total } = await listReserved(this.db, search, (page - 1) * limit, limit);
    return { rows: rows.map(toReserved), total };
  }

  /** One page of the log of admin changes, newest first, of one action or all. */
  async logs(action: AdminAction | undefined, page: number, limit: number): Promise<{ logs: AdminLogEntry[]; total: number }> {
    const { rows, total } = await listLogs(this.db, action, (page - 1) * limit, limit);
    return { logs: rows.map(toLogEntry), total };
  }

  async setPlan(admin: UserRow, id: number, change: { plan?: Plan; verified?: boolean }): Promise<AdminUser> {
    const after = await this.db.transaction().execute(async (trx) => {
      const user = await this.target(trx, id);
      // A further page takes its owner's plan: only its badge is its own.
      if (change.plan !== undefined && change.plan !== user.plan && user.ownerUsername !== null) {
        throw new AppError(409, 'forbidden', adminMessages.pageNotAccount(user.ownerUsername));
      }
      const plan = change.plan ?? user.plan;
      const verified = change.verified ?? user.verified === 1;
      if (plan === user.plan && verified === (user.verified === 1)) throw new AppError(400, 'no_changes', adminMessages.noChanges);
      await updateUser(trx, id, { plan, verified: verified ? 1 : 0, updatedAt: nowIso() });
      // Each change under its own action, so that the log's filter finds it.
      if (plan !== user.plan) await this.log(trx, admin, 'plan_change', user, `${user.plan} → ${plan}`);
      if (verified !== (user.verified === 1)) {
        await this.log(trx, admin, 'verified_badge', user, verified ? 'verified badge granted' : 'verified badge removed');
      }
      return this.target(trx, id);
    });
    await this.changed(after);
    return toAdminUser(after);
  }

  async reserve(admin: UserRow, username: string, reason: string): Promise<ReservedUsername> {
    return this.db.transaction().execute(async (trx) => {
      if (await findUserByUsername(trx, username)) throw new AppError(409, 'held_by_user', adminMessages.heldByUser);
      if (await findReservedUsername(trx, username)) throw new AppError(409, 'already_reserved', adminMessages.alreadyReserved);
      const row = await insertReservedUsername(trx, { username, reason, reservedBy: admin.id, createdAt: nowIso() });
      await this.log(trx, admin, 'username_reservation', { id: null, username }, reason);
      return toReserved({ ...row, reservedByUsername: admin.username });
    });
  }

  async unreserve(admin: UserRow, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await findReservedUsernameById(trx, id);
      if (!row) throw new AppError(404, 'not_found', adminMessages.reservedNotFound);
      if (isAppRouteName(row.username)) throw new AppError(409, 'app_route_name', adminMessages.appRouteName);
      await deleteReservedUsername(trx, id);
      await this.log(trx, admin, 'reservation_removal', { id: null, username: row.username }, row.reason);
    });
  }
}
