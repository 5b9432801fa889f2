import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** The first two letters of the name, in capitals: the avatar fallback (spec 001 §2). */
export function initialsOf(name: string): string {
  return name.trim().slice(0, 2).toUpperCase() || '?';
}

export function profileUrl(username: string): string {
  return `${window.location.origin}/${username}`;
}

export function profileAddress(username: string): string {
  return `${window.location.host}/${username}`;
}
