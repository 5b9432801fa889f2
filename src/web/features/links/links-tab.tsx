import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Link2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { countOf } from '#shared/counts.ts';
import { UPGRADE_TO_PRO, linkLimitMessage } from '#shared/plans.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useAnalytics } from '#web/features/analytics/use-analytics.ts';
import { LinkCard } from './link-card.tsx';
import { LinkForm } from './link-form.tsx';
import { useCustomization } from '#web/features/customize/use-customization.ts';
import { ProfilePreview } from './profile-preview.tsx';
import {
  type LinkFields,
  useBrokenLinks,
  useCreateLink,
  useDeleteLink,
  useLinks,
  usePlanUsage,
  useReorderLinks,
  useUpdateLink,
} from './use-links.ts';

type Editing = { mode: 'idle' } | { mode: 'adding' } | { mode: 'editing'; id: number };

export function LinksTab({ user }: { user: CurrentUser }) {
  const links = useLinks(user.id);
  const customization = useCustomization();
  const usage = usePlanUsage();
  const brokenLinks = useBrokenLinks();
  // A schedule is the profile's time; until the dashboard has set the profile's zone, the browser's (which it will set).
  const timeZone = user.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const createLink = useCreateLink(user.id);
  const updateLink = useUpdateLink(user.id);
  const deleteLink = useDeleteLink(user.id);
  const reorder = useReorderLinks(user.id);
  // Each card shows its clicks of the last 30 days.
  const month = useAnalytics(30).data;
  const clicksOf = (id: number) => (month ? (month.topLinks.find((entry) => entry.id === id)?.clicks ?? 0) : undefined);
  const [chosen, setChosen] = useState<Editing>({ mode: 'idle' });
  // "Add New Link" elsewhere (the sidebar, the navbar) opens this tab with ?new=1: the form is open.
  const [searchParams, setSearchParams] = useSearchParams();
  const setEditing = (next: Editing) => {
    if (searchParams.has('new')) {
      setSearchParams(
        (params) => {
          params.delete('new');
          return params;
        },
        { replace: true },
      );
    }
    setChosen(next);
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
    }),
  );

  if (links.isPending) return <LoadingState label="Loading links..." />;
  if (links.isError) {
    return <LoadError title="Your links could not be loaded." detail={links.error.message} onRetry={() => void links.refetch()} />;
  }

  const list = links.data;
  const limit = usage.data?.links.limit ?? null;
  const atLimit = limit !== null && list.length >= limit;
  const editing: Editing = chosen.mode === 'idle' && searchParams.get('new') === '1' && !atLimit ? { mode: 'adding' } : chosen;
  const busy = editing.mode !== 'idle';

  const save = async (fields: LinkFields) => {
    try {
      if (editing.mode === 'editing') {
        await updateLink.mutateAsync({ id: editing.id, ...fields });
        toast.success('Link updated', {
          description: 'Your link has been updated successfully.',
        });
      } else {
        await createLink.mutateAsync(fields);
        toast.success('Link added', {
          description: 'Your link is live on your profile.',
        });
      }
      setEditing({ mode: 'idle' });
    } catch (error) {
      const message = error instanceof ApiError && error.status > 0 ? error.message : 'Failed to update link. Please try again.';
      toast.error('Error', { description: message });
    }
  };

  const remove = async (id: number) => {
    try {
      await deleteLink.mutateAsync(id);
      toast.success('Link deleted', {
        description: 'Your link has been deleted successfully.',
      });
    } catch {
      toast.error('Error', {
        description: 'Failed to delete link. Please try again.',
      });
    }
  };

  const toggle = async (id: number, isActive: boolean) => {
    try {
      await updateLink.mutateAsync({ id, isActive });
      toast.success('Link updated', {
        description: isActive ? 'The link is visible on your profile.' : 'The link is hidden from your profile.',
      });
    } catch {
      toast.error('Error', {
        description: 'Failed to update link. Please try again.',
      });
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = list.findIndex((link) => link.id === active.id);
    const to = list.findIndex((link) => link.id === over.id);
    const ids = arrayMove(list, from, to).map((link) => link.id);
    reorder.mutate(ids, {
      onSuccess: () => toast.success('Order saved'),
      onError: () =>
        toast.error('Error', {
          description: 'Failed to save the new order. Please try again.',
        }),
    });
  };

  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_340px]">
      <div className="min-w-0 space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <p className="text-sm text-muted" data-testid="link-count">
              {countOf(list.length, 'link')} in your profile
            </p>
            {atLimit && limit !== null && <LinkLimitNote message={linkLimitMessage(user.plan, limit)} />}
          </div>
          <Button onClick={() => setEditing({ mode: 'adding' })} disabled={busy || atLimit}>
            <Plus /> Add New Link
          </Button>
        </div>

        {editing.mode === 'adding' && (
          <LinkForm timeZone={timeZone} saving={createLink.isPending} onSave={save} onCancel={() => setEditing({ mode: 'idle' })} />
        )}

        {list.length === 0 && editing.mode !== 'adding' ? (
          <Card className="flex flex-col items-center gap-3 py-14 text-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/15 text-primary">
              <Link2 className="size-6" aria-hidden="true" />
            </span>
            <p className="text-lg font-semibold">No links yet</p>
            <p className="text-sm text-muted">Add your first link to start building your profile</p>
          </Card>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={list.map((link) => link.id)} strategy={verticalListSortingStrategy}>
              <ul className="space-y-3" aria-label="Your links">
                {list.map((link) =>
                  editing.mode === 'editing' && editing.id === link.id ? (
                    <li key={link.id}>
                      <LinkForm
                        link={link}
                        timeZone={timeZone}
                        saving={updateLink.isPending}
                        onSave={save}
                        onCancel={() => setEditing({ mode: 'idle' })}
                      />
                    </li>
                  ) : (
                    <LinkCard
                      key={link.id}
                      link={link}
                      clicks={clicksOf(link.id)}
                      broken={brokenLinks.get(link.id)}
                      timeZone={timeZone}
                      disabled={busy}
                      deleting={deleteLink.isPending && deleteLink.variables === link.id}
                      onEdit={() => setEditing({ mode: 'editing', id: link.id })}
                      onDelete={() => remove(link.id)}
                      onToggleActive={(isActive) => void toggle(link.id, isActive)}
                    />
                  ),
                )}
              </ul>
            </SortableContext>
          </DndContext>
        )}
        {list.length > 1 && (
          <p className="text-xs text-muted">Drag the handle, or focus it and use Space and the arrow keys, to reorder.</p>
        )}
      </div>
      <aside className="hidden xl:block" aria-label="Preview of your page">
        <ProfilePreview user={user} links={list} customization={customization.data} views={month?.totalViews} />
      </aside>
    </div>
  );
}

/** The plan's limit, its 'Upgrade to Pro' a link to the pricing page. */
function LinkLimitNote({ message }: { message: string }) {
  const [before, after] = message.split(UPGRADE_TO_PRO);
  return (
    <p className="mt-1 text-sm text-accent" role="note">
      {before}
      <RouterLink to="/pricing" className="font-semibold underline underline-offset-2 hover:text-orange-300">
        {UPGRADE_TO_PRO}
      </RouterLink>
      {after}
    </p>
  );
}
