import type { PurchaseStatus } from '#shared/purchases.schema.ts';
import { cn } from '#web/lib/utils.ts';
import { useAppWords } from '#web/lib/site-words.ts';
import { STATUS_WORDS } from './purchase-words.ts';

export function PurchaseStatusPill({ status }: { status: PurchaseStatus }) {
  const t = useAppWords();
  return (
    <span
      className={cn(
        'w-fit rounded-full px-2.5 py-1 text-xs font-semibold',
        status === 'paid' ? 'bg-emerald-500/15 text-emerald-400' : 'bg-zinc-500/20 text-zinc-300',
      )}
    >
      {t(STATUS_WORDS[status])}
    </span>
  );
}
