import { ANNOUNCEMENT_STORAGE_KEY } from './constants.ts';
import { readSessionMark, setSessionMark, takeSessionMark } from './session-mark.ts';

// What the app says in a toast after an action ('Logged in successfully',
// 'Logged out'): shown at once, or, when the page is about to be left for one
// loaded whole, kept for that page to show. Sonner is imported when a toast is
// shown, so pages that never show one do not download it.

export interface Announcement {
  tone: 'success' | 'error';
  title: string;
  description: string;
}

let pageLoadsWhole = false;

/**
 * From now on this page is left by loading the next one whole (the card of a
 * static /login or /register, auth-island.tsx): what it announces waits for that page.
 */
export function announceOnNextPage(): void {
  pageLoadsWhole = true;
}

/** Says it in a toast now, or keeps it for the next page (announcePending). */
export async function announce(announcement: Announcement, { onNextPage = pageLoadsWhole } = {}): Promise<void> {
  // Without storage (a private mode) the next page says nothing; nothing else fails.
  if (onNextPage) return setSessionMark(ANNOUNCEMENT_STORAGE_KEY, JSON.stringify(announcement));
  const { toast } = await import('sonner');
  toast[announcement.tone](announcement.title, { description: announcement.description });
}

/** Whether the page before this one left something to say (a static page then loads the app to say it). */
export function hasPendingAnnouncement(): boolean {
  return readSessionMark(ANNOUNCEMENT_STORAGE_KEY) !== null;
}

/** On a page loaded whole: says, once, what the page before it had to say. */
export async function announcePending(): Promise<void> {
  const kept = takeSessionMark(ANNOUNCEMENT_STORAGE_KEY);
  if (kept === null) return;
  let announcement: Partial<Announcement>;
  try {
    announcement = JSON.parse(kept) as Partial<Announcement>;
  } catch {
    return;
  }
  const { tone, title, description } = announcement;
  if ((tone === 'success' || tone === 'error') && typeof title === 'string' && typeof description === 'string') {
    await announce({ tone, title, description }, { onNextPage: false });
  }
}
