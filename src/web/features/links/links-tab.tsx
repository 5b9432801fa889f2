import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ChevronDown, Link2, Plus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BLOCK_TYPES, type BlockType } from '#shared/blocks.ts';
import { SEE_THE_PLANS, linkLimitMessage, planOfferOf } from '#shared/plans.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { useAnalytics } from '#web/features/analytics/use-analytics.ts';
import { BLOCK_ICONS, BlockCard } from './block-card.tsx';
import { BlockForm } from './block-form.tsx';
import { LinkCard } from './link-card.tsx';
import { linksPastPlan } from '#shared/public-profile.ts';
import { LinkForm } from './link-form.tsx';
import { LinkArchiveCard } from './link-archive-card.tsx';
import { LINK_ARCHIVE_DAYS } from '#shared/link-archive.ts';
import { useCustomization } from '#web/lib/use-customization.ts';
import { ProfilePreview } from '#web/components/profile-preview.tsx';
import { FloatingPreview } from '#web/components/floating-preview.tsx';
import { useAppWords } from '#web/lib/site-words.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import {
  type BlockFields,
  type LinkFields,
  useBrokenLinks,
  useCreateBlock,
  useCreateLink,
  useDeleteLink,
  useRestoreItem,
  usePageItems,
  usePlanUsage,
  useReorderLinks,
  useUpdateBlock,
  useUpdateLink,
} from './use-links.ts';

const words = {
  loading: /*i18n*/ { id: 'app.links.loading', message: 'Loading links...' },
  failed: /*i18n*/ { id: 'app.links.failed', message: 'Your links could not be loaded.' },
  deleteFailed: /*i18n*/ {
    id: 'app.links.deleteFailed',
    message: '{kind, select, link {Failed to delete link.} other {Failed to delete block.}} Please try again.',
  },
  deleted: /*i18n*/ { id: 'app.links.deleted', message: '{kind, select, link {Link deleted} other {Block deleted}}' },
  deletedText: /*i18n*/ {
    id: 'app.links.deletedText',
    message:
      '{kind, select, link {Your link has been deleted successfully.} other {Your block has been deleted successfully.}} It waits in the archive for {days, plural, one {# day} other {# days}}.',
  },
  updateFailed: /*i18n*/ {
    id: 'app.links.updateFailed',
    message: '{kind, select, link {Failed to update link.} other {Failed to update block.}} Please try again.',
  },
  updated: /*i18n*/ { id: 'app.links.updated', message: '{kind, select, link {Link updated} other {Block updated}}' },
  visible: /*i18n*/ {
    id: 'app.links.visible',
    message: '{kind, select, link {The link is visible on your profile.} other {The block is visible on your profile.}}',
  },
  hidden: /*i18n*/ {
    id: 'app.links.hidden',
    message: '{kind, select, link {The link is hidden from your profile.} other {The block is hidden from your profile.}}',
  },
  count: /*i18n*/ { id: 'app.links.count', message: '{count, plural, one {# link} other {# links}} in your profile' },
  addBlock: /*i18n*/ { id: 'app.links.addBlock', message: 'Add block' },
  addLink: /*i18n*/ { id: 'app.links.addLink', message: 'Add New Link' },
  none: /*i18n*/ { id: 'app.links.none', message: 'No links yet' },
  noneText: /*i18n*/ { id: 'app.links.noneText', message: 'Add your first link to start building your profile' },
  list: /*i18n*/ { id: 'app.links.list', message: 'Your links' },
  reorder: /*i18n*/ { id: 'app.links.reorder', message: 'Drag the handle, or focus it and use Space and the arrow keys, to reorder.' },
  preview: /*i18n*/ { id: 'app.links.preview', message: 'Preview of your page' },
} as const;

/** Each block's name and what it is, as the Add block menu offers them. */
const BLOCK_WORDS = {
  header: {
    name: /*i18n*/ { id: 'app.blocks.header', message: 'Header' },
    hint: /*i18n*/ { id: 'app.blocks.headerHint', message: 'A section title' },
  },
  text: {
    name: /*i18n*/ { id: 'app.blocks.text', message: 'Text' },
    hint: /*i18n*/ { id: 'app.blocks.textHint', message: 'A few lines, up to 500 characters' },
  },
  divider: {
    name: /*i18n*/ { id: 'app.blocks.divider', message: 'Divider' },
    hint: /*i18n*/ { id: 'app.blocks.dividerHint', message: 'A line between sections' },
  },
  embed: {
    name: /*i18n*/ { id: 'app.blocks.embed', message: 'Embed' },
    hint: /*i18n*/ { id: 'app.blocks.embedHint', message: 'A video or player: YouTube, Vimeo, Spotify, SoundCloud' },
  },
} as const satisfies Record<BlockType, object>;

type Editing = { mode: 'idle' } | { mode: 'adding' } | { mode: 'adding-block'; type: BlockType } | { mode: 'editing'; id: number };

const menuItemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-zinc-200 outline-none data-[highlighted]:bg-white/5 data-[highlighted]:text-white';

export function LinksTab({ user }: { user: CurrentUser }) {
  const items = usePageItems(user.id);
  const customization = useCustomization();
  const usage = usePlanUsage();
  const features = useSiteFeatures();
  const brokenLinks = useBrokenLinks();
  // A schedule is the profile's time; until the dashboard has set the profile's zone, the browser's (which it will set).
  const timeZone = user.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const t = useAppWords();
  const createLink = useCreateLink(user.id);
  const updateLink = useUpdateLink(user.id);
  const createBlock = useCreateBlock(user.id);
  const updateBlock = useUpdateBlock(user.id);
  const deleteLink = useDeleteLink(user.id);
  const restoreItem = useRestoreItem(user.id);
  const reorder = useReorderLinks(user.id);
  // Each card shows its clicks of the last 30 days.
  const month = useAnalytics(30).data;
  const clicksOf = (id: number) => (month ? (month.topLinks.find((entry) => entry.id === id)?.clicks ?? 0) : undefined);
  const [chosen, setChosen] = useState<Editing>({ mode: 'idle' });
  const [previewOpen, setPreviewOpen] = useState(false);
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

  if (items.isPending) return <LoadingState label={t(words.loading)} />;
  if (items.isError) {
    return <LoadError title={t(words.failed)} detail={items.error.message} onRetry={() => void items.refetch()} />;
  }

  const list = items.data;
  // A downgrade keeps every link: those past the plan's limit are left off the page, and said here (issue 33).
  const pastPlan = linksPastPlan(list ?? [], usage.data?.links.limit);
  // The plan's limit counts links only; headers, texts and dividers are free.
  const linkCount = list.filter((item) => item.type === 'link').length;
  const limit = usage.data?.links.limit ?? null;
  const atLimit = limit !== null && linkCount >= limit;
  const editing: Editing = chosen.mode === 'idle' && searchParams.get('new') === '1' && !atLimit ? { mode: 'adding' } : chosen;
  const busy = editing.mode !== 'idle';

  const close = () => setEditing({ mode: 'idle' });
  const save = (fields: LinkFields) =>
    editing.mode === 'editing'
      ? updateLink.run({ id: editing.id, ...fields }, { onSuccess: close })
      : createLink.run(fields, { onSuccess: close });

  const saveBlock = (type: BlockType, fields: BlockFields) =>
    editing.mode === 'editing'
      ? updateBlock.run({ id: editing.id, ...fields }, { onSuccess: close })
      : createBlock.run({ type, ...fields }, { onSuccess: close });

  // Deleted items wait in the archive (issue 51 §2): the toast offers them back at once.
  const remove = (id: number, kind: 'link' | 'block') =>
    deleteLink.run(id, {
      failure: t(words.deleteFailed, { kind }),
      success: {
        title: t(words.deleted, { kind }),
        description: t(words.deletedText, { kind, days: LINK_ARCHIVE_DAYS }),
        undo: () => void restoreItem.run(id, { success: false }),
      },
    });

  const toggle = (id: number, kind: 'link' | 'block', isActive: boolean) => {
    const feedback = {
      failure: t(words.updateFailed, { kind }),
      success: {
        title: t(words.updated, { kind }),
        description: t(isActive ? words.visible : words.hidden, { kind }),
      },
    };
    return kind === 'link' ? updateLink.run({ id, isActive }, feedback) : updateBlock.run({ id, isActive }, feedback);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = list.findIndex((link) => link.id === active.id);
    const to = list.findIndex((link) => link.id === over.id);
    const ids = arrayMove(list, from, to).map((link) => link.id);
    void reorder.run(ids);
  };

  // Beside the list on a wide screen; on a phone, floating over it (issue 51 §2).
  const preview = <ProfilePreview user={user} items={list} customization={customization.data} views={month?.totalViews} />;

  return (
    <div className="grid grid-cols-1 gap-8 xl:grid-cols-[1fr_340px]">
      <div className="min-w-0 space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <p className="text-sm text-muted" data-testid="link-count">
              {t(words.count, { count: linkCount })}
            </p>
            {atLimit && limit !== null && features && (
              <LinkLimitNote message={linkLimitMessage(user.plan, limit, planOfferOf(features.planLimits, features.payments !== null))} />
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {/* Not modal: the page around stays as it is (no aria-hidden over focusable controls). */}
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger asChild disabled={busy}>
                <Button variant="outline">
                  <Plus /> {t(words.addBlock)} <ChevronDown className="size-4 opacity-70" />
                </Button>
              </DropdownMenu.Trigger>
              {/* In place, not in a portal: the menu stays inside the page's main landmark. */}
              <DropdownMenu.Content
                align="end"
                sideOffset={8}
                className="z-50 w-60 rounded-2xl border border-border bg-surface/95 p-2 shadow-2xl shadow-black/50 backdrop-blur-xl"
              >
                {BLOCK_TYPES.map((type) => {
                  const Icon = BLOCK_ICONS[type];
                  return (
                    <DropdownMenu.Item key={type} className={menuItemClass} onSelect={() => setEditing({ mode: 'adding-block', type })}>
                      <Icon className="size-4" aria-hidden="true" />
                      <span>
                        {t(BLOCK_WORDS[type].name)}
                        <span className="block text-xs text-muted">{t(BLOCK_WORDS[type].hint)}</span>
                      </span>
                    </DropdownMenu.Item>
                  );
                })}
              </DropdownMenu.Content>
            </DropdownMenu.Root>
            <Button onClick={() => setEditing({ mode: 'adding' })} disabled={busy || atLimit}>
              <Plus /> {t(words.addLink)}
            </Button>
          </div>
        </div>

        {editing.mode === 'adding' && (
          <LinkForm timeZone={timeZone} saving={createLink.isPending} onSave={save} onCancel={() => setEditing({ mode: 'idle' })} />
        )}
        {editing.mode === 'adding-block' && (
          <BlockForm
            key={editing.type}
            type={editing.type}
            timeZone={timeZone}
            saving={createBlock.isPending}
            onSave={(fields) => saveBlock(editing.type, fields)}
            onCancel={() => setEditing({ mode: 'idle' })}
          />
        )}

        {list.length === 0 && editing.mode === 'idle' ? (
          <Card className="flex flex-col items-center gap-3 py-14 text-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/15 text-primary">
              <Link2 className="size-6" aria-hidden="true" />
            </span>
            <p className="text-lg font-semibold">{t(words.none)}</p>
            <p className="text-sm text-muted">{t(words.noneText)}</p>
          </Card>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={list.map((link) => link.id)} strategy={verticalListSortingStrategy}>
              <ul className="space-y-3" aria-label={t(words.list)}>
                {list.map((item) => {
                  if (editing.mode === 'editing' && editing.id === item.id) {
                    return (
                      <li key={item.id}>
                        {item.type === 'link' ? (
                          <LinkForm
                            link={item}
                            timeZone={timeZone}
                            saving={updateLink.isPending}
                            onSave={save}
                            onCancel={() => setEditing({ mode: 'idle' })}
                          />
                        ) : (
                          <BlockForm
                            type={item.type}
                            block={item}
                            timeZone={timeZone}
                            saving={updateBlock.isPending}
                            onSave={(fields) => saveBlock(item.type, fields)}
                            onCancel={() => setEditing({ mode: 'idle' })}
                          />
                        )}
                      </li>
                    );
                  }
                  const kind = item.type === 'link' ? 'link' : 'block';
                  const controls = {
                    disabled: busy,
                    deleting: deleteLink.isPending && deleteLink.variables === item.id,
                    onEdit: () => setEditing({ mode: 'editing', id: item.id }),
                    onDelete: () => remove(item.id, kind),
                    onToggleActive: (isActive: boolean) => void toggle(item.id, kind, isActive),
                  };
                  return item.type === 'link' ? (
                    <LinkCard
                      key={item.id}
                      link={item}
                      clicks={clicksOf(item.id)}
                      broken={brokenLinks.get(item.id)}
                      timeZone={timeZone}
                      theme={customization.data}
                      pastPlan={pastPlan.has(item.id) ? usage.data?.links.limit : undefined}
                      {...controls}
                    />
                  ) : (
                    <BlockCard key={item.id} block={item} clicks={clicksOf(item.id)} timeZone={timeZone} {...controls} />
                  );
                })}
              </ul>
            </SortableContext>
          </DndContext>
        )}
        {list.length > 1 && <p className="text-xs text-muted">{t(words.reorder)}</p>}
        <LinkArchiveCard userId={user.id} />
      </div>
      <aside className="hidden xl:block" aria-label={t(words.preview)}>
        {preview}
      </aside>
      <FloatingPreview open={previewOpen} onOpenChange={setPreviewOpen} hiddenFrom="xl">
        {preview}
      </FloatingPreview>
    </div>
  );
}

/** The plan's limit and how more is had here, its 'See the plans' a link to the pricing page. */
function LinkLimitNote({ message }: { message: string }) {
  const [before, after] = message.split(SEE_THE_PLANS);
  return (
    <p className="mt-1 text-sm text-accent" role="note">
      {before}
      <RouterLink to="/pricing" className="font-semibold underline underline-offset-2 hover:text-orange-300">
        {SEE_THE_PLANS}
      </RouterLink>
      {after}
    </p>
  );
}
