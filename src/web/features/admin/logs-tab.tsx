import { useState } from 'react';
import { ADMIN_LOG_PAGE_SIZE } from '#shared/admin.ts';
import { ADMIN_ACTION_FILTERS, actionLabel } from './admin-constants.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatDateTime, truncate } from './formatting.ts';
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
          <div className="overflow-x-auto rounded-2xl border border-border" tabIndex={0} role="region" aria-label="Activity log">
            <table className="w-full min-w-[720px] text-left text-sm">
              <thead className="bg-surface-raised/60 text-xs uppercase tracking-wider text-muted">
                <tr>
                  <th className="px-4 py-3">Timestamp</th>
                  <th className="px-4 py-3">Admin</th>
                  <th className="px-4 py-3">Action</th>
                  <th className="px-4 py-3">Target</th>
                  <th className="px-4 py-3">Details</th>
                </tr>
              </thead>
              <tbody>
                {logs.data.logs.map((entry) => (
                  <tr key={entry.id} className="border-t border-border" data-testid="log-row">
                    <td className="whitespace-nowrap px-4 py-3 text-muted">{formatDateTime(entry.createdAt)}</td>
                    <td className="px-4 py-3">{entry.adminUsername}</td>
                    <td className="px-4 py-3">
                      <span className="rounded-full bg-primary/15 px-2.5 py-1 text-xs font-semibold text-primary-text">
                        {actionLabel(entry.action)}
                      </span>
                    </td>
                    <td className="px-4 py-3">{entry.targetUsername ?? (entry.targetId !== null ? String(entry.targetId) : 'N/A')}</td>
                    <td className="px-4 py-3 text-muted" title={entry.details ?? undefined}>
                      {entry.details ? truncate(entry.details) : 'No additional details'}
                    </td>
                  </tr>
                ))}
                {logs.data.logs.length === 0 && (
                  <tr>
                    <td colSpan={5} className="px-4 py-10 text-center text-muted">
                      No admin actions yet.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={ADMIN_LOG_PAGE_SIZE} total={logs.data.total} onPageChange={setPage} noun="logs" showPageCount />
        </>
      )}
    </div>
  );
}
