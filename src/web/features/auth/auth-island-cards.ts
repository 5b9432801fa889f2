import type { JSX } from 'react';
import type { AuthIslandName } from './auth-card.tsx';

/**
 * Each account page's card, loaded by the static page's script (site-page.ts)
 * beside the island that hydrates it (auth-island.tsx): at once, not one after
 * the other, and each page only its own.
 */
export const AUTH_ISLAND_CARDS: Record<AuthIslandName, () => Promise<() => JSX.Element>> = {
  login: () => import('./login-page.tsx').then((module) => module.LoginCard),
  register: () => import('./register-page.tsx').then((module) => module.RegisterCard),
  'forgot-password': () => import('./forgot-password-page.tsx').then((module) => module.ForgotPasswordCard),
  'reset-password': () => import('./reset-password-page.tsx').then((module) => module.ResetPasswordCard),
  'confirm-email': () => import('./confirm-email-page.tsx').then((module) => module.ConfirmEmailCard),
};
