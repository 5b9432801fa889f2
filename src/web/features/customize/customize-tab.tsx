import { useUnsavedChanges } from '#web/lib/unsaved-changes.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Eye, EyeOff, RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  CUSTOMIZATION_DEFAULTS,
  CUSTOMIZATION_FIELDS,
  type Customization,
  type CustomizationUpdate,
  customizationMessages,
  customizationUpdateSchema,
} from '#shared/customization.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { describeZodError } from '#shared/validation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useLinks } from '#web/features/links/use-links.ts';
import { useAnalytics } from '#web/features/analytics/use-analytics.ts';
import { ProfilePreview } from '#web/features/links/profile-preview.tsx';
import { CUSTOMIZE_SECTIONS } from './customize-panels.tsx';
import { useCustomization, useResetCustomization, useSaveCustomization } from './use-customization.ts';

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

function CustomizeEditor({ user, saved }: { user: CurrentUser; saved: Customization }) {
  const links = useLinks(user.id);
  const save = useSaveCustomization();
  const reset = useResetCustomization();
  const [draft, setDraft] = useState<Customization>(saved);
  const [previewOpen, setPreviewOpen] = useState(false);
  const changes = changesOf(saved, draft);
  const dirty = Object.keys(changes).length > 0;
  useUnsavedChanges('customize', 'Customize', dirty);

  /** Every change shows in the preview at once; Save Changes stores it. */
  const update = (fields: CustomizationUpdate) => setDraft((current) => ({ ...current, ...fields }));

  /** Uploads are saved as soon as they are made, with what else is in the draft left as it is. */
  const saveNow = async (fields: CustomizationUpdate) => {
    const stored = await save.mutateAsync(fields);
    setDraft((current) => ({
      ...current,
      ...Object.fromEntries(Object.keys(fields).map((key) => [key, stored[key as keyof Customization]])),
    }));
  };

  const saveChanges = async () => {
    const parsed = customizationUpdateSchema.safeParse(changes);
    if (!parsed.success) return void toast.error('Error', { description: describeZodError(parsed.error).message });
    try {
      const stored = await save.mutateAsync(parsed.data);
      setDraft(stored);
      toast.success(customizationMessages.saved);
    } catch (error) {
      toast.error('Error', {
        description: error instanceof ApiError && error.status > 0 ? error.message : 'Failed to save your changes. Please try again.',
      });
    }
  };

  // Reset All cannot be undone yet (its uploads are freed): it asks first (issue 27).
  const [confirmingReset, setConfirmingReset] = useState(false);
  const resetAll = async () => {
    try {
      await reset.mutateAsync();
      setDraft({ ...CUSTOMIZATION_DEFAULTS });
      toast.success(customizationMessages.reset);
    } catch {
      toast.error('Error', { description: 'Failed to reset your look. Please try again.' });
    } finally {
      setConfirmingReset(false);
    }
  };

  const views = useAnalytics(7).data?.totalViews;
  const preview = (
    <ProfilePreview user={user} links={links.data ?? []} customization={draft} caption="Changes apply instantly" views={views} />
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
      <div className="min-w-0 space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">{dirty ? 'You have unsaved changes.' : 'Everything is saved.'}</p>
          <div className="flex gap-2">
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={reset.isPending || save.isPending}>
                  <RotateCcw /> Reset All
                </Button>
              }
              title="Reset your whole look?"
              description="Every Customize setting goes back to its default, custom CSS included, and your page shows the default look at once. The background images, music and other files you uploaded in Customize are deleted. This cannot be undone."
              confirmLabel="Reset everything"
              pendingLabel="Resetting..."
              pending={reset.isPending}
              open={confirmingReset}
              onOpenChange={setConfirmingReset}
              onConfirm={() => void resetAll()}
            />
            <Button onClick={() => void saveChanges()} disabled={!dirty || save.isPending}>
              <Save /> {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </div>
        <Tabs defaultValue="assets">
          <TabsList aria-label="Customization sections">
            {CUSTOMIZE_SECTIONS.map((section) => (
              <TabsTrigger key={section.id} value={section.id}>
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
        <div className="lg:hidden">
          <Button variant="outline" className="w-full" onClick={() => setPreviewOpen((open) => !open)} aria-expanded={previewOpen}>
            {previewOpen ? <EyeOff /> : <Eye />} {previewOpen ? 'Hide preview' : 'Show preview'}
          </Button>
          {previewOpen && <div className="mt-6">{preview}</div>}
        </div>
      </div>
      <aside className="hidden lg:block" aria-label="Preview of your page">
        {preview}
      </aside>
    </div>
  );
}
