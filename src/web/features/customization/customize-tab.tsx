import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { RotateCcw, Save } from 'lucide-react';
import { FloatingPreview } from '#web/components/floating-preview.tsx';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import {
  CUSTOMIZATION_FIELDS,
  type Customization,
  type CustomizationUpdate,
  type LookReplaced,
  type SavedLook,
  customizationMessages,
  customizationUpdateSchema,
} from '#shared/customization.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { describeZodError } from '#shared/validation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { usePageItems } from '#web/features/links/use-links.ts';
import { useAnalytics } from '#web/features/analytics/use-analytics.ts';
import { ProfilePreview } from '#web/components/profile-preview.tsx';
import { CUSTOMIZE_SECTIONS } from './customize-panels.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { keepDraft, keptDraft } from './customize-draft.ts';
import { LookHistory } from './look-history.tsx';
import { useCustomization, useResetCustomization, useRestoreLook, useSaveCustomization } from '#web/lib/use-customization.ts';

/** The Customize tab (spec 000 §2 'Complete Profile Customization'). */
export function CustomizeTab({ user }: { user: CurrentUser }) {
  const saved = useCustomization();
  if (saved.isPending) return <LoadingState label="Loading your look..." />;
  if (saved.isError) return <LoadError title="Your customization could not be loaded." onRetry={() => void saved.refetch()} />;
  return <CustomizeEditor user={user} saved={saved.data} />;
}

/** The fields of the draft that differ from what is saved. */
function changesOf(saved: Customization, draft: Customization): CustomizationUpdate {
  const changes: Record<string, unknown> = {};
  for (const field of CUSTOMIZATION_FIELDS) if (draft[field] !== saved[field]) changes[field] = draft[field];
  return changes as CustomizationUpdate;
}

/** What a restore left out: uploads deleted since the look was saved. */
const UPLOAD_NAMES: Record<string, string> = { backgroundImage: 'background image', audioFile: 'music', customCursor: 'cursor' };
function droppedNote(dropped: string[]): string | undefined {
  if (dropped.length === 0) return undefined;
  const names = dropped.map((field) => UPLOAD_NAMES[field] ?? field).join(' and ');
  return `Its ${names} was deleted since, so it is back without ${dropped.length === 1 ? 'it' : 'them'}.`;
}

function CustomizeEditor({ user, saved }: { user: CurrentUser; saved: Customization }) {
  const items = usePageItems(user.id);
  const save = useSaveCustomization();
  const reset = useResetCustomization();
  const restore = useRestoreLook();
  // The draft outlives a tab switch (customize-draft.ts); closing the page asks first.
  const [draft, setDraft] = useState<Customization>(() => keptDraft(user.id, saved));
  useLayoutEffect(() => keepDraft(user.id, saved, draft), [user.id, saved, draft]);
  const changes = changesOf(saved, draft);
  const dirty = Object.keys(changes).length > 0;
  const dirtyNow = useRef(dirty);
  useEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);
  const [phonePreviewOpen, setPhonePreviewOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [previewing, setPreviewing] = useState<SavedLook | null>(null);
  const busy = reset.isPending || save.isPending || restore.isPending;

  /** Every change shows in the preview at once; Save Changes stores it. */
  const update = (fields: CustomizationUpdate) => setDraft((current) => ({ ...current, ...fields }));

  /** Uploads are saved as soon as they are made, with what else is in the draft left as it is. */
  const saveNow = async (fields: CustomizationUpdate) => {
    const stored = await save.call(fields);
    setDraft((current) => ({
      ...current,
      ...Object.fromEntries(Object.keys(fields).map((key) => [key, stored[key as keyof Customization]])),
    }));
  };

  // Checked as the server checks it, and said in the same toast as its refusal.
  const saveChanges = () => {
    const parsed = customizationUpdateSchema.safeParse(changes);
    if (!parsed.success) return void toast.error('Error', { description: describeZodError(parsed.error).message });
    return save.run(parsed.data, { success: customizationMessages.saved, onSuccess: setDraft });
  };

  /** A Reset All or a restore went through: the draft is the new look, and the toast offers the way back. */
  const replaced = (result: LookReplaced) => {
    setDraft(result.customization);
    setPreviewing(null);
    setHistoryOpen(false);
  };
  const replacedToast = (message: string) => (result: LookReplaced) => {
    const undoLookId = result.undoLookId;
    return {
      title: message,
      description: droppedNote(result.droppedUploads),
      undo: undoLookId === null ? undefined : () => requestRestore(undoLookId, customizationMessages.undone),
    };
  };

  // Reset All asks first, then can be undone from its toast or from History (issue 27).
  const [confirmingReset, setConfirmingReset] = useState(false);
  const resetAll = () =>
    reset
      .run(undefined, { onSuccess: replaced, success: replacedToast(customizationMessages.reset) })
      .then(() => setConfirmingReset(false));

  // A restore replaces the draft: with unsaved edits in it, it asks first.
  const [confirmingRestore, setConfirmingRestore] = useState<{ lookId: number; message: string } | null>(null);
  const restoreNow = (lookId: number, message: string) =>
    restore.run(lookId, { onSuccess: replaced, success: replacedToast(message) }).then(() => setConfirmingRestore(null));
  const requestRestore = (lookId: number, message: string) => {
    if (dirtyNow.current) setConfirmingRestore({ lookId, message });
    else void restoreNow(lookId, message);
  };

  const previewLook = (look: SavedLook) => {
    setPreviewing(look);
    setHistoryOpen(false);
    // On a phone the preview opens over the panel; beside it, it is already in view.
    if (!window.matchMedia('(min-width: 1024px)').matches) setPhonePreviewOpen(true);
  };

  const views = useAnalytics(7).data?.totalViews;
  const preview = (
    <div className="space-y-3">
      {previewing && (
        <div className="rounded-xl border border-primary/40 bg-primary/10 p-3 text-sm" role="status">
          <p className="font-medium">Previewing the look saved {formatDateTime(previewing.savedAt)}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" disabled={busy} onClick={() => requestRestore(previewing.id, customizationMessages.restored)}>
              <RotateCcw /> Restore this look
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setPreviewing(null)}>
              Back to your draft
            </Button>
          </div>
        </div>
      )}
      <ProfilePreview
        user={user}
        items={items.data ?? []}
        customization={previewing?.customization ?? draft}
        caption={previewing ? 'Earlier look' : 'Live preview: Save Changes puts it on your page'}
        views={views}
      />
    </div>
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
      <div className="min-w-0 space-y-6">
        {/* Save and Reset stay within reach while a long panel scrolls; on a phone the preview floats over the panel. */}
        <div className="sticky top-16 z-20 -mx-4 flex items-center justify-between gap-2 border-b border-border bg-background/90 px-4 py-2.5 backdrop-blur-xl sm:-mx-8 sm:px-8 lg:static lg:mx-0 lg:flex-wrap lg:gap-3 lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none">
          <p className="min-w-0 text-xs text-muted sm:text-sm" aria-live="polite">
            {dirty ? 'You have unsaved changes.' : 'Everything is saved.'}
          </p>
          <div className="flex shrink-0 gap-2">
            <LookHistory
              open={historyOpen}
              onOpenChange={setHistoryOpen}
              onPreview={previewLook}
              onRestore={(look) => requestRestore(look.id, customizationMessages.restored)}
              restoring={busy}
            />
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={busy} aria-label="Reset All" className="max-sm:size-11 max-sm:px-0">
                  <RotateCcw /> <span className="max-sm:sr-only">Reset All</span>
                </Button>
              }
              title="Reset your whole look?"
              description="Every Customize setting goes back to its default, custom CSS and uploaded files included, and your page shows the default look at once. You can undo it right after, and your current look stays in History."
              confirmLabel="Reset everything"
              pendingLabel="Resetting..."
              pending={reset.isPending}
              open={confirmingReset}
              onOpenChange={setConfirmingReset}
              onConfirm={() => void resetAll()}
            />
            <Button onClick={() => void saveChanges()} disabled={!dirty || busy} aria-label={save.isPending ? 'Saving...' : 'Save Changes'}>
              <Save /> {save.isPending ? 'Saving...' : <span className="max-sm:hidden">Save Changes</span>}
              {!save.isPending && <span className="sm:hidden">Save</span>}
            </Button>
          </div>
        </div>
        <ConfirmDialog
          title="Replace your unsaved changes?"
          description="Your draft has changes you have not saved. This look replaces them; the look your page shows now stays in History."
          confirmLabel="Replace my draft"
          pendingLabel="Restoring..."
          pending={restore.isPending}
          open={confirmingRestore !== null}
          onOpenChange={(open) => !open && setConfirmingRestore(null)}
          onConfirm={() => confirmingRestore && void restoreNow(confirmingRestore.lookId, confirmingRestore.message)}
        />
        <Tabs defaultValue="assets">
          <TabsList aria-label="Customization sections" className="grid grid-cols-4 overflow-visible">
            {CUSTOMIZE_SECTIONS.map((section) => (
              <TabsTrigger
                key={section.id}
                value={section.id}
                className="flex-col justify-center gap-1 px-1 text-xs sm:flex-row sm:gap-2 sm:px-3 sm:text-sm"
              >
                <section.icon aria-hidden="true" /> {section.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {CUSTOMIZE_SECTIONS.map((section) => (
            <TabsContent key={section.id} value={section.id} className="space-y-6">
              <section.Panel draft={draft} update={update} saveNow={saveNow} user={user} />
            </TabsContent>
          ))}
        </Tabs>
      </div>
      <aside className="hidden lg:block" aria-label="Preview of your page">
        {preview}
      </aside>
      <FloatingPreview open={phonePreviewOpen} onOpenChange={setPhonePreviewOpen} hiddenFrom="lg">
        {preview}
      </FloatingPreview>
    </div>
  );
}
