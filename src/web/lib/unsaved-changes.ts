import { useEffect } from 'react';

// Edits not saved yet (issue 27: unsaved edits are never dropped silently). A
// form registers itself while it holds some: closing or reloading the page asks
// first (the browser's own beforeunload prompt), and the dashboard asks before
// switching tabs away from it.

const unsaved = new Map<string, string>();

function warnBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers need a return value to show the prompt.
  event.returnValue = '';
}

/** While `dirty`, the work named `label` (say 'Customize') counts as unsaved. */
export function useUnsavedChanges(key: string, label: string, dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    unsaved.set(key, label);
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => {
      unsaved.delete(key);
      window.removeEventListener('beforeunload', warnBeforeUnload);
    };
  }, [key, label, dirty]);
}

/** What holds unsaved edits now, by name. */
export function unsavedWork(): string[] {
  return [...unsaved.values()];
}
