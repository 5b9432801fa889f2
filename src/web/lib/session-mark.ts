// Small marks kept for the browser tab's life (sessionStorage): 'just registered',
// 'just logged out'. A browser that refuses storage (some private modes) keeps
// none; nothing fails, the mark is simply absent.

export function setSessionMark(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Refused: the mark is absent.
  }
}

export function readSessionMark(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Reads a mark and removes it: what it announces is shown once. */
export function takeSessionMark(key: string): string | null {
  const value = readSessionMark(key);
  if (value !== null) {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Refused: it could not have been read either.
    }
  }
  return value;
}
