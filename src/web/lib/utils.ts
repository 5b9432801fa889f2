import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

export function profileUrl(username: string): string {
  return `${window.location.origin}/${username}`;
}

export function profileAddress(username: string): string {
  return `${window.location.host}/${username}`;
}
