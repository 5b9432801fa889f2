import { type Customization, sameLook } from '#shared/customization.ts';
import { toast } from '#web/lib/toast.ts';
import { markUnsaved } from '#web/lib/unsaved-changes.ts';

// The Customize draft outlives its tab (issue 27): switching to another
// dashboard tab and back finds it as it was. It is kept in the page's memory
// for the look it started from; closing or reloading the page still asks first.

let kept: { userId: number; base: Customization; draft: Customization } | null = null;

/** The draft to start from: the kept one if it was made on this saved look, else the saved look. */
export function keptDraft(userId: number, saved: Customization): Customization {
  return kept && kept.userId === userId && sameLook(kept.base, saved) ? kept.draft : saved;
}

/** Keep the draft (or forget it once it is the saved look). */
export function keepDraft(userId: number, saved: Customization, draft: Customization): void {
  const dirty = !sameLook(saved, draft);
  kept = dirty ? { userId, base: saved, draft } : null;
  markUnsaved('customize', 'Customize', dirty, true);
}

/** A preset put in the draft: said as a draft, never as 'applied' before it is saved (issue 27). */
export function announceDraftChange(name: string): void {
  toast.success(`${name} is in your draft`, { description: 'Save Changes to show it on your page.' });
}
