import { useEffect, useLayoutEffect } from 'react';

// Edits not saved yet (issue 27: unsaved edits are never dropped silently). A
// form registers itself while it holds some: closing or reloading the page asks
// first (the browser's own beforeunload prompt), and the dashboard asks before
// switching tabs away from a form whose edits a tab switch would drop. A draft
// kept across tab switches (Customize's) registers without unmounting with its
// form, and is not asked about on a tab switch.

interface UnsavedWork {
  label: string;
  keptAcrossTabs: boolean;
}
const unsaved = new Map<string, UnsavedWork>();

function warnBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers need a return value to show the prompt.
  event.returnValue = '';
}

/** Count (or stop counting) the work `key`, named `label` (say 'Customize'), as unsaved. */
export function markUnsaved(key: string, label: string, dirty: boolean, keptAcrossTabs = false): void {
  if (dirty) unsaved.set(key, { label, keptAcrossTabs });
  else unsaved.delete(key);
  if (unsaved.size > 0) window.addEventListener('beforeunload', warnBeforeUnload);
  else window.removeEventListener('beforeunload', warnBeforeUnload);
}

/**
 * While `dirty` and mounted, the form's work named `label` counts as unsaved: from the render that made
 * it dirty, before the browser handles another event (a layout effect; Preact runs plain effects a frame
 * later, and a Back pressed in that frame would have dropped the draft without a word).
 */
export function useUnsavedChanges(key: string, label: string, dirty: boolean): void {
  useLayoutEffect(() => {
    if (!dirty) return;
    markUnsaved(key, label, true);
    return () => markUnsaved(key, label, false);
  }, [key, label, dirty]);
}

/** What a tab switch would drop now, by name. */
export function unsavedWork(): string[] {
  return [...unsaved.values()].filter((work) => !work.keptAcrossTabs).map((work) => work.label);
}

// Back and Forward (issue 51). The browser has already moved the address when
// it says so, and the router redraws for the new one at once, dropping the
// form. So a listener that runs before the router's (listeners run in the order
// they were added, and this one is added before the router mounts) keeps the
// router from seeing the move while edits would be dropped, puts the address
// back, and hands the question to whoever asks it (the dashboard).

type AskToLeave = (work: string[], destination: string) => void;
let askToLeave: AskToLeave | undefined;
/** Where the app is (the history entry's state and address), to go back to when a move is held. */
let place: { state: unknown; url: string } | undefined;

/** Called once, before the router mounts. */
export function guardBackAndForward(): void {
  window.addEventListener('popstate', (event) => {
    const work = unsavedWork();
    if (work.length === 0 || !askToLeave || !place) return;
    event.stopImmediatePropagation();
    const destination = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    window.history.pushState(place.state, '', place.url);
    askToLeave(work, destination);
  });
}

/** While mounted, Back and Forward away from unsaved work ask through `ask` instead of leaving. */
export function useBackAndForwardQuestion(ask: AskToLeave): void {
  // The place is taken after every render, as it commits: the address the screen shows.
  useLayoutEffect(() => {
    place = { state: window.history.state as unknown, url: window.location.href };
  });
  useEffect(() => {
    askToLeave = ask;
    return () => {
      if (askToLeave === ask) askToLeave = undefined;
    };
  }, [ask]);
}
