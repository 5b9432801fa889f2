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
