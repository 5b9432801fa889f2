import type { Plan, Role } from './constants.ts';

/** A user as its owner sees it (DESIGN.md "Response shapes"); never a password hash. */
export interface CurrentUser {
  id: number;
  username: string;
  displayName: string;
  bio: string;
  email: string | null;
  profileImage: string | null;
  role: Role;
  plan: Plan;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ApiErrorBody {
  message: string;
  fieldErrors?: Record<string, string>;
}
