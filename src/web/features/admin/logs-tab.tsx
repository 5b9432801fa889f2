import { useState } from 'react';
import { ADMIN_LOG_PAGE_SIZE } from '#shared/admin.ts';
import { ADMIN_ACTION_FILTERS, actionLabel } from './admin-constants.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { StackedCell, StackedEmptyRow, StackedRow, StackedTable } from '#web/components/ui/stacked-table.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { truncate } from './formatting.ts';
import { Pager } from './pager.tsx';
import { useAdminLogs } from './use-admin.ts';

/** Admin Activity Logs (spec 001 §2). The page number is kept when the filter changes. */
export function LogsTab() {
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('all');
  const logs = useAdminLogs(page, action);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Admin Activity Logs</h2>
        <select
          aria-label="Filter by action"
          value={action}
          onChange={(event) => setAction(event.target.value)}
          className="h-10 rounded-xl border border-border bg-surface px-3 text-sm"
        >
          {ADMIN_ACTION_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>
      {logs.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted" role="status">
          <Spinner /> Loading admin logs...
        </p>
      ) : logs.isError ? (
        <p role="alert" className="text-sm text-red-300">
          Failed to fetch admin logs
        </p>
      ) : (
        <>
          <StackedTable label="Activity log" head={['Timestamp', 'Admin', 'Action', 'Target', 'Details']}>
            {logs.data.logs.map((entry) => (
              <StackedRow key={entry.id} data-testid="log-row">
                <StackedCell label="Timestamp" className="text-muted md:whitespace-nowrap">
                  {formatDateTime(entry.createdAt)}
                </StackedCell>
                <StackedCell label="Admin">{entry.adminUsername}</StackedCell>
                <StackedCell label="Action">
                  <span className="w-fit rounded-full bg-primary/15 px-2.5 py-1 text-xs font-semibold text-primary-text">
                    {actionLabel(entry.action)}
                  </span>
                </StackedCell>
                <StackedCell label="Target">
                  {entry.targetUsername ?? (entry.targetId !== null ? String(entry.targetId) : 'N/A')}
                </StackedCell>
                <StackedCell label="Details" className="text-muted" title={entry.details ?? undefined}>
                  {entry.details ? truncate(entry.details) : 'No additional details'}
                </StackedCell>
              </StackedRow>
            ))}
            {logs.data.logs.length === 0 && <StackedEmptyRow columns={5}>No admin actions yet.</StackedEmptyRow>}
          </StackedTable>
          {logs.data.total > ADMIN_LOG_PAGE_SIZE && (
            <Pager page={page} pageSize={ADMIN_LOG_PAGE_SIZE} total={logs.data.total} onPageChange={setPage} noun="logs" showPageCount />
          )}
        </>
      )}
    </div>
  );
}
