import { Heading, type LucideIcon, MousePointerClick, Pilcrow, SeparatorHorizontal } from 'lucide-react';
import { BLOCK_NAMES, type Block, type BlockType } from '#shared/blocks.ts';
import { countOf } from '#shared/counts.ts';
import { type ItemCardProps, ItemCard } from './item-card.tsx';
import { ScheduleNote } from './schedule-fields.tsx';

export const BLOCK_ICONS: Record<BlockType, LucideIcon> = { header: Heading, text: Pilcrow, divider: SeparatorHorizontal };

/** What the controls call a block: 'header “Shop”', 'text block', 'divider'. */
export function blockName(block: Block): string {
  return block.type === 'header' ? `header “${block.title}”` : block.type === 'text' ? 'text block' : 'divider';
}

type BlockCardProps = Pick<ItemCardProps, 'disabled' | 'deleting' | 'onEdit' | 'onDelete' | 'onToggleActive'> & {
  block: Block;
  /** A text block's clicks on its addresses, the last 30 days. */
  clicks?: number;
  timeZone: string;
};

/** A header, text or divider in edit mode: what it shows, with the same controls as a link. */
export function BlockCard({ block, clicks, timeZone, ...controls }: BlockCardProps) {
  const Icon = BLOCK_ICONS[block.type];
  return (
    <ItemCard
      id={block.id}
      name={blockName(block)}
      kind="block"
      isActive={block.isActive}
      {...controls}
      leading={
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-xl border border-dashed border-zinc-600 text-zinc-300 sm:size-11"
          aria-hidden="true"
        >
          <Icon className="size-5" />
        </span>
      }
    >
      <p className="text-xs font-semibold uppercase tracking-wider text-muted">{BLOCK_NAMES[block.type]}</p>
      {block.type === 'header' && (
        <p className="line-clamp-2 break-words text-lg font-bold sm:truncate" data-testid="block-content">
          {block.title}
        </p>
      )}
      {block.type === 'text' && (
        <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-zinc-200" data-testid="block-content">
          {block.text}
        </p>
      )}
      {block.type === 'divider' && <p className="text-sm text-muted">A line between the items around it</p>}
      {block.type === 'text' && clicks !== undefined && clicks > 0 && (
        <p className="mt-0.5 flex items-center gap-1 text-xs text-muted">
          <MousePointerClick className="size-3.5" aria-hidden="true" />
          {countOf(clicks, 'click')} on its links
          <span className="max-sm:sr-only"> · 30 days</span>
        </p>
      )}
      <ScheduleNote item={block} timeZone={timeZone} />
    </ItemCard>
  );
}
