/** The first two letters of the name, in capitals: the avatar fallback (spec 001 §2). */
export function initialsOf(name: string): string {
  return name.trim().slice(0, 2).toUpperCase() || '?';
}
