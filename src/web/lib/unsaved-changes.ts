import { useEffect } from 'react';

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

/** While `dirty` and mounted, the form's work named `label` counts as unsaved. */
export function useUnsavedChanges(key: string, label: string, dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    markUnsaved(key, label, true);
    return () => markUnsaved(key, label, false);
  }, [key, label, dirty]);
}

/** What a tab switch would drop now, by name. */
export function unsavedWork(): string[] {
  return [...unsaved.values()].filter((work) => !work.keptAcrossTabs).map((work) => work.label);
}
