import { type FormEvent, useState } from 'react';
import { BLOCK_NAMES, type Block, type BlockType, HEADER_MAX_LENGTH, TEXT_BLOCK_MAX_LENGTH, createBlockSchema } from '#shared/blocks.ts';
import { EMBED_PROVIDER_RULES, checkEmbedAddress } from '#shared/embeds.ts';
import { describeZodError } from '#shared/validation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label, Textarea } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/utils.ts';
import { ScheduleFields, useScheduleDraft } from './schedule-fields.tsx';
import type { BlockFields } from './use-links.ts';

interface BlockFormProps {
  type: BlockType;
  block?: Block;
  timeZone: string;
  saving: boolean;
  onSave: (fields: BlockFields) => Promise<void>;
  onCancel: () => void;
}

/** Adds or edits a header (its title), a text (its words), a divider or an embed (its address), each with a schedule. */
export function BlockForm({ type, block, timeZone, saving, onSave, onCancel }: BlockFormProps) {
  const [title, setTitle] = useState(block?.type === 'header' ? block.title : '');
  const [text, setText] = useState(block?.type === 'text' ? block.text : '');
  const [url, setUrl] = useState(block?.type === 'embed' ? block.url : '');
  const schedule = useScheduleDraft(block, timeZone);
  const [error, setError] = useState<string | null>(null);
  const idSuffix = String(block?.id ?? 'new');
  const name = BLOCK_NAMES[type].toLowerCase();
  // What the address embeds, said as it is typed ('YouTube video').
  const recognised = url.trim() ? checkEmbedAddress(url) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields: BlockFields = {
      ...(type === 'header' && { title }),
      ...(type === 'text' && { text }),
      // An unchanged address is not sent: the provider is asked again only for a new one.
      ...(type === 'embed' && !(block?.type === 'embed' && block.url === url.trim()) && { url }),
      ...schedule.bounds(),
    };
    const parsed = createBlockSchema.safeParse({ type, ...fields, ...(type === 'embed' && { url }) });
    if (!parsed.success) {
      setError(describeZodError(parsed.error).message);
      return;
    }
    setError(null);
    await onSave(fields);
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={block ? `Edit ${name}` : `Add ${name}`}
      className="space-y-5 rounded-2xl border border-primary/40 bg-surface p-5 shadow-lg shadow-primary/10"
    >
      <FormError message={error} />
      {type === 'header' && (
        <div className="space-y-2">
          <Label htmlFor={`header-${idSuffix}`}>Header</Label>
          <Input
            id={`header-${idSuffix}`}
            value={title}
            placeholder="Shop"
            aria-describedby={`header-hint-${idSuffix}`}
            onChange={(event) => setTitle(event.target.value)}
            autoFocus
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
            value={text}
            rows={4}
            placeholder="New episodes every Friday. Tickets at www.example.com"
            aria-describedby={`text-hint-${idSuffix}`}
            onChange={(event) => setText(event.target.value)}
            autoFocus
          />
          <p id={`text-hint-${idSuffix}`} className="flex justify-between gap-4 text-xs text-muted">
            <span>Plain text; line breaks are kept, and addresses (https://… or www.…) become links.</span>
            <span className={cn('shrink-0 tabular-nums', text.length > TEXT_BLOCK_MAX_LENGTH && 'font-semibold text-red-300')}>
              {text.length}/{TEXT_BLOCK_MAX_LENGTH}
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
            value={url}
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            aria-describedby={`embed-hint-${idSuffix}`}
            onChange={(event) => setUrl(event.target.value)}
            autoFocus
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
      <ScheduleFields idSuffix={`${type}-${idSuffix}`} timeZone={timeZone} draft={schedule.draft} />
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
