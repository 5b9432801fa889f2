import { z } from 'zod';

// "Type the username to confirm": the second question before an account is
// deleted, by its owner (Account) or by an admin (control center). One message,
// one rule, one check on both sides.

export const TYPED_USERNAME_MISMATCH = 'Type the username exactly as shown to confirm';

/** The username as typed in the confirmation; compared, never looked up. */
export const typedUsernameSchema = z.string({ error: TYPED_USERNAME_MISMATCH }).trim().max(100, TYPED_USERNAME_MISMATCH);

/** Whether what was typed is the username (usernames are lowercase; a capital typed by habit still counts). */
export function typedUsernameMatches(typed: string, username: string): boolean {
  return typed.trim().toLowerCase() === username;
}
