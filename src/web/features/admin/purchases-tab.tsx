import { useState } from 'react';
import { ADMIN_LOG_PAGE_SIZE } from '#shared/admin.ts';
import { PURCHASE_ITEM_NAMES, formatMoney } from '#shared/purchases.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { StackedCell, StackedEmptyRow, StackedRow, StackedTable } from '#web/components/ui/stacked-table.tsx';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { PurchaseStatusPill } from '#web/features/purchases/purchase-status-pill.tsx';
import { Pager } from './pager.tsx';
import { useAdminPurchases } from './use-admin.ts';

/** Every purchase paid through Stripe, and its refund (issue 33): who, what, how much, when, Stripe's id. */
export function PurchasesTab() {
  const [page, setPage] = useState(1);
  const purchases = useAdminPurchases(page);
  const payments = useSiteFeatures()?.payments;

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Purchases</h2>
        <p className="mt-1 text-sm text-muted">
          {payments
            ? 'Plans and add-ons bought through Stripe Checkout. A refund made in Stripe returns the account to its previous plan.'
            : 'This site takes no payments (Stripe is not set up): plans are given from Users. Purchases made while it was set up stay listed here.'}
        </p>
      </div>
      {purchases.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted" role="status">
          <Spinner /> Loading purchases...
        </p>
      ) : purchases.isError ? (
        <p role="alert" className="text-sm text-red-300">
          Failed to fetch purchases
        </p>
      ) : (
        <>
          <StackedTable label="Purchases" head={['Paid', 'User', 'Item', 'Amount', 'Status', 'Stripe id']}>
            {purchases.data.purchases.map((purchase) => (
              <StackedRow key={purchase.id} data-testid="purchase-row">
                <StackedCell label="Paid" className="text-muted md:whitespace-nowrap">
                  {formatDateTime(purchase.paidAt ?? purchase.createdAt)}
                </StackedCell>
                <StackedCell label="User">
                  {purchase.username}
                  {purchase.userId === null && <span className="text-muted"> (deleted)</span>}
                </StackedCell>
                <StackedCell label="Item">{PURCHASE_ITEM_NAMES[purchase.item]}</StackedCell>
                <StackedCell label="Amount">{formatMoney(purchase.amount, purchase.currency)}</StackedCell>
                <StackedCell label="Status">
                  <PurchaseStatusPill status={purchase.status} />
                </StackedCell>
                <StackedCell label="Stripe id" className="break-all font-mono text-xs text-muted">
                  {purchase.stripeId}
                </StackedCell>
              </StackedRow>
            ))}
            {purchases.data.purchases.length === 0 && <StackedEmptyRow columns={6}>No purchases yet.</StackedEmptyRow>}
          </StackedTable>
          {purchases.data.total > ADMIN_LOG_PAGE_SIZE && (
            <Pager page={page} pageSize={ADMIN_LOG_PAGE_SIZE} total={purchases.data.total} onPageChange={setPage} noun="purchases" />
          )}
        </>
      )}
    </div>
  );
}
