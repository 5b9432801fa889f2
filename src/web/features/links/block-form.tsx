import { BLOCK_NAMES, type Block, type BlockType, HEADER_MAX_LENGTH, TEXT_BLOCK_MAX_LENGTH, createBlockSchema } from '#shared/blocks.ts';
import { EMBED_PROVIDER_RULES, checkEmbedAddress } from '#shared/embeds.ts';
import { draftSchema } from '#web/lib/draft-schema.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { useUnsavedChanges } from '#web/lib/unsaved-changes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label, Textarea } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/utils.ts';
import { ScheduleFields, type ScheduleDraft, boundsOf, scheduleDraftOf } from './schedule-fields.tsx';
import type { BlockFields } from './use-links.ts';

interface BlockFormProps {
  type: BlockType;
  block?: Block;
  timeZone: string;
  saving: boolean;
  onSave: (fields: BlockFields) => Promise<unknown>;
  onCancel: () => void;
}

/** A block as the form holds it while it is written. */
type BlockDraft = { title: string; text: string; url: string } & ScheduleDraft;

/** Adds or edits a header (its title), a text (its words), a divider or an embed (its address), each with a schedule. */
export function BlockForm({ type, block, timeZone, saving, onSave, onCancel }: BlockFormProps) {
  // What is saved: an unchanged address is not sent, as the provider is asked again only for a new one.
  const fieldsOf = (draft: BlockDraft): BlockFields => ({
    ...(type === 'header' && { title: draft.title }),
    ...(type === 'text' && { text: draft.text }),
    ...(type === 'embed' && !(block?.type === 'embed' && block.url === draft.url.trim()) && { url: draft.url }),
    ...boundsOf(draft, timeZone),
  });
  const form = useSchemaForm(
    draftSchema(createBlockSchema, (draft: BlockDraft) => ({ type, ...fieldsOf(draft), ...(type === 'embed' && { url: draft.url }) })),
    {
      defaultValues: {
        title: block?.type === 'header' ? block.title : '',
        text: block?.type === 'text' ? block.text : '',
        url: block?.type === 'embed' ? block.url : '',
        ...scheduleDraftOf(block, timeZone),
      },
    },
  );
  const draft = form.watch();
  // A draft is not dropped by a tab switch or a reload without asking (issue 51).
  useUnsavedChanges(
    `block-${block?.id ?? 'new'}`,
    block ? `the ${BLOCK_NAMES[type].toLowerCase()} being edited` : `the new ${BLOCK_NAMES[type].toLowerCase()}`,
    form.formState.isDirty,
  );
  const idSuffix = String(block?.id ?? 'new');
  const name = BLOCK_NAMES[type].toLowerCase();
  // What the address embeds, said as it is typed ('YouTube video').
  const recognised = draft.url.trim() ? checkEmbedAddress(draft.url) : undefined;
  const submit = form.handleSubmit((valid) => onSave(fieldsOf(valid)));

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={block ? `Edit ${name}` : `Add ${name}`}
      className="space-y-5 rounded-2xl border border-primary/40 bg-surface p-5 shadow-lg shadow-primary/10"
    >
      <FormError message={form.error} />
      {type === 'header' && (
        <div className="space-y-2">
          <Label htmlFor={`header-${idSuffix}`}>Header</Label>
          <Input
            id={`header-${idSuffix}`}
            placeholder="Shop"
            aria-describedby={`header-hint-${idSuffix}`}
            autoFocus
            {...form.field('title')}
          />
          <p id={`header-hint-${idSuffix}`} className="text-xs text-muted">
            A section title above the items that follow. Up to {HEADER_MAX_LENGTH} characters.
          </p>
        </div>
      )}
      {type === 'text' && (
        <div className="space-y-2">
          <Label htmlFor={`text-${idSuffix}`}>Text</Label>
          <Textarea
            id={`text-${idSuffix}`}
            rows={4}
            placeholder="New episodes every Friday. Tickets at www.example.com"
            aria-describedby={`text-hint-${idSuffix}`}
            autoFocus
            {...form.field('text')}
          />
          <p id={`text-hint-${idSuffix}`} className="flex justify-between gap-4 text-xs text-muted">
            <span>Plain text; line breaks are kept, and addresses (https://… or www.…) become links.</span>
            <span className={cn('shrink-0 tabular-nums', draft.text.length > TEXT_BLOCK_MAX_LENGTH && 'font-semibold text-red-300')}>
              {draft.text.length}/{TEXT_BLOCK_MAX_LENGTH}
            </span>
          </p>
        </div>
      )}
      {type === 'divider' && <p className="text-sm text-muted">A thin line between the items around it, to set sections apart.</p>}
      {type === 'embed' && (
        <div className="space-y-2">
          <Label htmlFor={`embed-${idSuffix}`}>Address</Label>
          <Input
            id={`embed-${idSuffix}`}
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            aria-describedby={`embed-hint-${idSuffix}`}
            autoFocus
            {...form.field('url')}
          />
          <p id={`embed-hint-${idSuffix}`} className="text-xs text-muted">
            {recognised?.ok ? (
              <span className="font-semibold text-emerald-300">
                {EMBED_PROVIDER_RULES[recognised.target.provider].name} {recognised.target.shape.kind === 'audio' ? 'player' : 'video'}{' '}
                recognised.{' '}
              </span>
            ) : null}
            A YouTube or Vimeo video, or a Spotify or SoundCloud track, album or playlist. Your page shows its title and picture when this
            site may ask the provider for them (otherwise its name); the player loads from the provider only when a visitor presses play.
          </p>
        </div>
      )}
      <ScheduleFields
        idSuffix={`${type}-${idSuffix}`}
        timeZone={timeZone}
        draft={draft}
        onChange={(change) => {
          for (const [key, value] of Object.entries(change)) form.setValue(key as keyof ScheduleDraft, value, { shouldDirty: true });
        }}
      />
      <div className="flex justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : block ? 'Save changes' : `Add ${name}`}
        </Button>
      </div>
    </form>
  );
}
