import { Heading, type LucideIcon, MousePointerClick, Pilcrow, SeparatorHorizontal, SquarePlay } from 'lucide-react';
import { BLOCK_NAMES, type Block, type BlockType, blockNameOf } from '#shared/blocks.ts';
import { countOf } from '#shared/counts.ts';
import { EMBED_PROVIDER_RULES } from '#shared/embeds.ts';
import { type ItemCardProps, ItemCard } from './item-card.tsx';
import { ScheduleNote } from './schedule-fields.tsx';

export const BLOCK_ICONS: Record<BlockType, LucideIcon> = {
  header: Heading,
  text: Pilcrow,
  divider: SeparatorHorizontal,
  embed: SquarePlay,
};

/** What the controls call a block: 'header “Shop”', 'text block', 'divider', 'embed “Live at Paradiso”'. */
export function blockName(block: Block): string {
  // An embed without a title is named by its provider ('YouTube embed').
  if (block.type === 'embed' && !block.title) return `${EMBED_PROVIDER_RULES[block.provider].name} embed`;
  return blockNameOf(block.type, block.type === 'header' || block.type === 'embed' ? block.title : '');
}

type BlockCardProps = Pick<ItemCardProps, 'disabled' | 'deleting' | 'onEdit' | 'onDelete' | 'onToggleActive'> & {
  block: Block;
  /** A text block's clicks on its addresses, the last 30 days. */
  clicks?: number;
  timeZone: string;
};

/** A header, text, divider or embed in edit mode: what it shows, with the same controls as a link. */
export function BlockCard({ block, clicks, timeZone, ...controls }: BlockCardProps) {
  const Icon = BLOCK_ICONS[block.type];
  const picture = block.type === 'embed' ? block.thumbnail : null;
  return (
    <ItemCard
      id={block.id}
      name={blockName(block)}
      kind="block"
      isActive={block.isActive}
      {...controls}
      leading={
        picture ? (
          <img src={picture} alt="" className="size-9 shrink-0 rounded-xl object-cover sm:size-11" />
        ) : (
          <span
            className="flex size-9 shrink-0 items-center justify-center rounded-xl border border-dashed border-zinc-600 text-zinc-300 sm:size-11"
            aria-hidden="true"
          >
            <Icon className="size-5" />
          </span>
        )
      }
    >
      <p className="text-xs font-semibold uppercase tracking-wider text-muted">
        {BLOCK_NAMES[block.type]}
        {block.type === 'embed' && ` · ${EMBED_PROVIDER_RULES[block.provider].name}`}
      </p>
      {block.type === 'header' && (
        <p className="line-clamp-2 break-words text-lg font-bold sm:truncate" data-testid="block-content" dir="auto">
          {block.title}
        </p>
      )}
      {block.type === 'text' && (
        <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-zinc-200" data-testid="block-content" dir="auto">
          {block.text}
        </p>
      )}
      {block.type === 'divider' && <p className="text-sm text-muted">A line between the items around it</p>}
      {block.type === 'embed' && (
        <>
          <p className="line-clamp-2 break-words font-semibold sm:truncate" data-testid="block-content" dir="auto">
            {block.title || `No title from ${EMBED_PROVIDER_RULES[block.provider].name}`}
          </p>
          <p className="truncate text-sm text-muted">{block.url}</p>
        </>
      )}
      {(block.type === 'text' || block.type === 'embed') && clicks !== undefined && clicks > 0 && (
        <p className="mt-0.5 flex items-center gap-1 text-xs text-muted">
          <MousePointerClick className="size-3.5" aria-hidden="true" />
          {block.type === 'text' ? `${countOf(clicks, 'click')} on its links` : countOf(clicks, 'play')}
          <span className="max-sm:sr-only"> · 30 days</span>
        </p>
      )}
      <ScheduleNote item={block} timeZone={timeZone} />
    </ItemCard>
  );
}
