import type { AdminAction } from '#shared/admin.ts';

// What only the control center's screens use (spec 001 §2).

export const USER_PICKER_LIMIT = 10;

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
  { value: 'verified_badge', label: 'Verified Badges' },
  { value: 'password_reset_link', label: 'Password Reset Links' },
  { value: 'second_factor_removal', label: 'Second Factors Removed' },
  { value: 'user_deletion', label: 'User Deletions' },
  { value: 'purchase', label: 'Purchases' },
  { value: 'purchase_refund', label: 'Refunds' },
];

/** 'username_change' → 'USERNAME CHANGE': the first underscore becomes a space, then capitals (spec 001 §2). */
export function actionLabel(action: string): string {
  return action.replace('_', ' ').toUpperCase();
}
