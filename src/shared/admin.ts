import { z } from 'zod';
import { PLANS, ROLES } from './constants.ts';
import { usernameSchema } from './auth.schema.ts';
import { typedUsernameSchema } from './typed-username.ts';

// The control center (spec 001 §2, §5, §7, §8).

export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_LOG_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
export const ADMIN_REASON_MAX_LENGTH = 500;
export const MAINTENANCE_MESSAGE_MAX_LENGTH = 2000;
export const SITE_SETTINGS_REFRESH_MS = 30_000;
export const DEFAULT_MAINTENANCE_MESSAGE = 'We are working on something incredible for you. Get ready to be amazed!';

export const ADMIN_ACTIONS = [
  'username_change',
  'role_change',
  'user_deactivation',
  'user_reactivation',
  'username_reservation',
  'reservation_removal',
  'plan_change',
  'settings_change',
  'password_reset_link',
  'user_deletion',
  'verified_badge',
  /** A plan or add-on bought through Stripe, and a refund undoing one (issue 33); logged by "Stripe". */
  'purchase',
  'purchase_refund',
  /** A user's authenticator app and recovery codes removed, for one who lost their phone (issue 29). */
  'second_factor_removal',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const adminMessages = {
  noSecondFactor: 'This user has no second factor to remove.',
  reasonRequired: 'Reason for change is required',
  usernameEmpty: 'Username cannot be empty',
  noChanges: 'No changes detected',
  reserveFieldsRequired: 'Username and reason are required',
  userNotFound: 'User not found',
  reservedNotFound: 'Reserved username not found',
  alreadyReserved: 'This username is already reserved',
  heldByUser: 'A user already has this username. Change their username first, then reserve it.',
  appRouteName: 'This name is used by the app for its own pages and cannot be released',
  lastAdmin: 'You cannot remove the last active admin',
  deleteSelf: 'Delete your own account from Account in your dashboard',
  userDeleted: (username: string) => `${username} was deleted`,
  invalidRole: 'Role must be user or admin',
  invalidPlan: 'Plan must be free, pro or business',
  maintenanceModeRequired: 'maintenanceMode must be true or false',
  messageTooLong: `The message cannot exceed ${MAINTENANCE_MESSAGE_MAX_LENGTH} characters`,
  forbidden: "You don't have permission to access this page.",
  /** A further page of an account (issue 53): it has no password, role or plan of its own. */
  pageNotAccount: (owner: string) => `This is a page of @${owner}'s: change their account instead`,
} as const;

const reasonSchema = z
  .string({ error: adminMessages.reasonRequired })
  .trim()
  .min(1, adminMessages.reasonRequired)
  .max(ADMIN_REASON_MAX_LENGTH, `The reason cannot exceed ${ADMIN_REASON_MAX_LENGTH} characters`);

const searchSchema = z.string().trim().max(100).optional().default('');
export const pageSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1);
export const limitSchema = (fallback: number) => z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).catch(fallback).default(fallback);

/** GET /api/admin/users and /api/admin/reserved-usernames */
export const adminListQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema(ADMIN_PAGE_SIZE),
  search: searchSchema,
});

/** GET /api/admin/logs */
export const adminLogsQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema(ADMIN_LOG_PAGE_SIZE),
  action: z.enum(ADMIN_ACTIONS).optional().catch(undefined),
});

/** DELETE /api/admin/users/{id}: the second confirmation, the username typed out. */
export const deleteUserSchema = z.object({
  username: typedUsernameSchema,
});

/** PATCH /api/admin/users/{id}/username: reason first, as the dialog checks it first. */
export const changeUsernameSchema = z.object({
  reason: reasonSchema,
  // An admin's input is folded to lowercase; a user's own choice is not (usernameSchema).
  newUsername: z
    .string({ error: adminMessages.usernameEmpty })
    .trim()
    .toLowerCase()
    .min(1, adminMessages.usernameEmpty)
    .pipe(usernameSchema),
});

/** PATCH /api/admin/users/{id}/role */
export const changeRoleSchema = z.object({
  role: z.enum(ROLES, { error: adminMessages.invalidRole }),
  reason: z.string().trim().max(ADMIN_REASON_MAX_LENGTH).optional(),
});

/** PATCH /api/admin/users/{id}/plan: the plan, and/or the verified badge sold as an add-on. */
export const changePlanSchema = z
  .object({
    plan: z.enum(PLANS, { error: adminMessages.invalidPlan }).optional(),
    verified: z.boolean({ error: 'verified must be true or false' }).optional(),
  })
  .refine((value) => value.plan !== undefined || value.verified !== undefined, adminMessages.invalidPlan);

/** POST /api/admin/reserved-usernames */
export const reserveUsernameSchema = z.object({
  username: z
    .string({ error: adminMessages.reserveFieldsRequired })
    .trim()
    .toLowerCase()
    .min(1, adminMessages.reserveFieldsRequired)
    .pipe(usernameSchema),
  reason: z
    .string({ error: adminMessages.reserveFieldsRequired })
    .trim()
    .min(1, adminMessages.reserveFieldsRequired)
    .max(ADMIN_REASON_MAX_LENGTH),
});

/** The control center's form: both fields asked for before either is checked. */
export const reserveUsernameFormSchema = z
  .object({ username: z.string(), reason: z.string() })
  .refine(({ username, reason }) => username.trim() !== '' && reason.trim() !== '', adminMessages.reserveFieldsRequired)
  .pipe(reserveUsernameSchema);

/** POST /api/admin/site-settings */
export const siteSettingsSchema = z.object({
  maintenanceMode: z.boolean({ error: adminMessages.maintenanceModeRequired }),
  maintenanceMessage: z.string().trim().max(MAINTENANCE_MESSAGE_MAX_LENGTH, adminMessages.messageTooLong).default(''),
});

export const adminUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    displayName: z.string(),
    email: z.string().nullable(),
    profileImage: z.string().nullable(),
    bio: z.string(),
    role: z.enum(ROLES),
    plan: z.enum(PLANS),
    isActive: z.boolean(),
    verified: z.boolean(),
    /** Set while the owner's deletion waits out its grace period: when it becomes final. */
    deleteAfter: z.string().nullable(),
    /** A further page of an account (issue 53): the account that owns it; null for an account. */
    owner: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const reservedUsernameSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    reason: z.string(),
    reservedBy: z.string().nullable(),
    createdAt: z.string(),
    /** One of the app's own route names: reserved for good, it cannot be removed. */
    builtIn: z.boolean(),
  })
  .meta({ id: 'ReservedUsername' });
export type ReservedUsername = z.infer<typeof reservedUsernameSchema>;

export const usernameHistoryEntrySchema = z
  .object({
    id: z.number().int(),
    oldUsername: z.string(),
    newUsername: z.string(),
    changedBy: z.string().nullable(),
    reason: z.string().nullable(),
    changedAt: z.string(),
  })
  .meta({ id: 'UsernameHistoryEntry' });
export type UsernameHistoryEntry = z.infer<typeof usernameHistoryEntrySchema>;

export const adminLogEntrySchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    adminUsername: z.string(),
    action: z.enum(ADMIN_ACTIONS),
    targetUsername: z.string().nullable(),
    targetId: z.number().int().nullable(),
    details: z.string().nullable(),
  })
  .meta({ id: 'AdminLogEntry' });
export type AdminLogEntry = z.infer<typeof adminLogEntrySchema>;

export const adminStatsSchema = z
  .object({
    totalUsers: z.number().int(),
    activeUsers: z.number().int(),
    reservedUsernames: z.number().int(),
    totalAdminActions: z.number().int(),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const siteSettingsResponseSchema = z
  .object({ maintenanceMode: z.boolean(), maintenanceMessage: z.string() })
  .meta({ id: 'SiteSettings' });
export type SiteSettings = z.infer<typeof siteSettingsResponseSchema>;

/** GET /api/admin/users (spec 001 §7) */
export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int() });
/** GET /api/admin/reserved-usernames (spec 001 §7) */
export const reservedUsernamesPageSchema = z.object({
  reservedUsernames: z.array(reservedUsernameSchema),
  pagination: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
});
/** GET /api/admin/logs (spec 001 §7) */
export const adminLogsPageSchema = z.object({ logs: z.array(adminLogEntrySchema), total: z.number().int() });
