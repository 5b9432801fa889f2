import { z } from 'zod';
import { PLANS, ROLES, type Plan, type Role } from './constants.ts';
import { usernameSchema } from './auth.schema.ts';

// The control center (spec 001 §2, §5, §7, §8).

export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_LOG_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
export const USER_PICKER_LIMIT = 10;
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
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** The log filter's choices, in the order the screen lists them. */
export const ADMIN_ACTION_FILTERS: Array<{ value: AdminAction | 'all'; label: string }> = [
  { value: 'all', label: 'All Actions' },
  { value: 'username_change', label: 'Username Changes' },
  { value: 'role_change', label: 'Role Changes' },
  { value: 'user_deactivation', label: 'User Deactivations' },
  { value: 'user_reactivation', label: 'User Reactivations' },
  { value: 'username_reservation', label: 'Username Reservations' },
  { value: 'reservation_removal', label: 'Reservation Removals' },
  { value: 'plan_change', label: 'Plan Changes' },
  { value: 'settings_change', label: 'Settings Changes' },
];

/** 'username_change' → 'USERNAME CHANGE': the first underscore becomes a space, then capitals (spec 001 §2). */
export function actionLabel(action: string): string {
  return action.replace('_', ' ').toUpperCase();
}

export const adminMessages = {
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
  invalidRole: 'Role must be user or admin',
  invalidPlan: 'Plan must be free, pro or business',
  maintenanceModeRequired: 'maintenanceMode must be true or false',
  messageTooLong: `The message cannot exceed ${MAINTENANCE_MESSAGE_MAX_LENGTH} characters`,
  forbidden: "You don't have permission to access this page.",
} as const;

const reasonSchema = z
  .string({ error: adminMessages.reasonRequired })
  .trim()
  .min(1, adminMessages.reasonRequired)
  .max(ADMIN_REASON_MAX_LENGTH, `The reason cannot exceed ${ADMIN_REASON_MAX_LENGTH} characters`);

const searchSchema = z.string().trim().max(100).optional().default('');
const pageSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1);
const limitSchema = (fallback: number) => z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).catch(fallback).default(fallback);

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

/** PATCH /api/admin/users/{id}/username: reason first, as the dialog checks it first. */
export const changeUsernameSchema = z.object({
  reason: reasonSchema,
  newUsername: z.string({ error: adminMessages.usernameEmpty }).trim().min(1, adminMessages.usernameEmpty).pipe(usernameSchema),
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
    .min(1, adminMessages.reserveFieldsRequired)
    .pipe(usernameSchema),
  reason: z
    .string({ error: adminMessages.reserveFieldsRequired })
    .trim()
    .min(1, adminMessages.reserveFieldsRequired)
    .max(ADMIN_REASON_MAX_LENGTH),
});

/** POST /api/admin/site-settings */
export const siteSettingsSchema = z.object({
  maintenanceMode: z.boolean({ error: adminMessages.maintenanceModeRequired }),
  maintenanceMessage: z.string().trim().max(MAINTENANCE_MESSAGE_MAX_LENGTH, adminMessages.messageTooLong).default(''),
});

export interface AdminUser {
  id: number;
  username: string;
  displayName: string;
  email: string | null;
  profileImage: string | null;
  bio: string;
  role: Role;
  plan: Plan;
  isActive: boolean;
  verified: boolean;
  createdAt: string;
}

export interface ReservedUsername {
  id: number;
  username: string;
  reason: string;
  reservedBy: string | null;
  createdAt: string;
}

export interface UsernameHistoryEntry {
  id: number;
  oldUsername: string;
  newUsername: string;
  changedBy: string | null;
  reason: string | null;
  changedAt: string;
}

export interface AdminLogEntry {
  id: number;
  createdAt: string;
  adminUsername: string;
  action: AdminAction;
  targetUsername: string | null;
  targetId: number | null;
  details: string | null;
}

export interface AdminStats {
  totalUsers: number;
  activeUsers: number;
  reservedUsernames: number;
  totalAdminActions: number;
}

export interface SiteSettings {
  maintenanceMode: boolean;
  maintenanceMessage: string;
}
