import type { PurchaseStatus } from '#shared/purchases.schema.ts';
import { cn } from '#web/lib/utils.ts';

const STATUS_LABELS: Record<PurchaseStatus, string> = { pending: 'Waiting for payment', paid: 'Paid', refunded: 'Refunded' };

export function PurchaseStatusPill({ status }: { status: PurchaseStatus }) {
  return (
    <span
      className={cn(
        'w-fit rounded-full px-2.5 py-1 text-xs font-semibold',
        status === 'paid' ? 'bg-emerald-500/15 text-emerald-400' : 'bg-zinc-500/20 text-zinc-300',
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
