import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Stands for the site's host in a page prerendered at build time; the server
 * writes the real one in its place (the host its canonical origin names).
 */
export const SITE_HOST_PLACEHOLDER = '%LINKVERSE_HOST%';

/** Stands for the current year in a prerendered page (its footer's ©); the server writes it as it sends the page. */
export const SITE_YEAR_PLACEHOLDER = '%LINKVERSE_YEAR%';

/** This year, as the footer shows it. */
export function currentYear(): string {
  return typeof window === 'undefined' ? SITE_YEAR_PLACEHOLDER : String(new Date().getFullYear());
}

/** The site's host, as the address bar shows it (profiles live at {host}/{username}). */
export function siteHost(): string {
  return typeof window === 'undefined' ? SITE_HOST_PLACEHOLDER : window.location.host;
}

export function profileUrl(username: string): string {
  return `${window.location.origin}/${username}`;
}

export function profileAddress(username: string): string {
  return `${siteHost()}/${username}`;
}
