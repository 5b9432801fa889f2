import { useCallback, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminUser } from '#shared/admin.ts';
import { PLANS, type Plan } from '#shared/constants.ts';
import { PLAN_NAMES } from '#shared/plans.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { api } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { formatDateTime } from './formatting.ts';
import { Pager } from './pager.tsx';
import { SearchInput } from './search-input.tsx';
import { useAdminMutation, useAdminUsers } from './use-admin.ts';

export function UsersTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const users = useAdminUsers(page, search);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);
  const deactivate = useAdminMutation((id: number) => api(`/api/admin/users/${id}/deactivate`, { method: 'PATCH' }), {
    success: 'User deactivated successfully',
    failure: 'Failed to deactivate user',
  });
  const reactivate = useAdminMutation((id: number) => api(`/api/admin/users/${id}/reactivate`, { method: 'PATCH' }), {
    success: 'User reactivated successfully',
    failure: 'Failed to reactivate user',
  });
  const setPlan = useAdminMutation(
    ({ id, ...change }: { id: number; plan?: Plan; verified?: boolean }) =>
      api(`/api/admin/users/${id}/plan`, { method: 'PATCH', body: change }),
    {
      success: ({ plan, verified }) =>
        plan ? `Plan changed to ${PLAN_NAMES[plan]}` : verified ? 'Verified badge granted' : 'Verified badge removed',
      failure: 'Failed to change plan',
    },
  );

  return (
    <div className="space-y-4">
      <SearchInput label="Search users" onSearch={onSearch} />
      {users.isError && (
        <p role="alert" className="text-sm text-red-300">
          Failed to fetch users
        </p>
      )}
      <div className="overflow-x-auto rounded-2xl border border-border" tabIndex={0} role="region" aria-label="Users">
        <table className="w-full min-w-[720px] text-left text-sm">
          <thead className="bg-surface-raised/60 text-xs uppercase tracking-wider text-muted">
            <tr>
              <th className="px-4 py-3">User</th>
              <th className="px-4 py-3">Role</th>
              <th className="px-4 py-3">Plan</th>
              <th className="px-4 py-3">Status</th>
              <th className="px-4 py-3">Joined</th>
              <th className="px-4 py-3 text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.data?.users.map((user) => (
              <tr key={user.id} className="border-t border-border" data-testid="admin-user-row">
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <Avatar name={user.displayName || user.username} src={user.profileImage} className="size-9" />
                    <div className="min-w-0">
                      <p className="truncate font-medium">{user.displayName}</p>
                      <p className="truncate text-xs text-muted">@{user.username}</p>
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3">
                  <span
                    className={cn(
                      'rounded-full px-2.5 py-1 text-xs font-semibold',
                      user.role === 'admin' ? 'bg-primary/20 text-primary-text' : 'bg-white/5 text-zinc-300',
                    )}
                  >
                    {user.role}
                  </span>
                </td>
                <td className="px-4 py-3">
                  <select
                    aria-label={`Plan of ${user.username}`}
                    value={user.plan}
                    disabled={setPlan.isPending}
                    onChange={(event) => setPlan.mutate({ id: user.id, plan: event.target.value as Plan })}
                    className="h-9 rounded-lg border border-border bg-surface px-2 text-sm"
                  >
                    {PLANS.map((plan) => (
                      <option key={plan} value={plan}>
                        {PLAN_NAMES[plan]}
                      </option>
                    ))}
                  </select>
                  <label className="mt-1 flex items-center gap-1.5 text-xs text-muted">
                    <input
                      type="checkbox"
                      checked={user.verified}
                      disabled={setPlan.isPending}
                      onChange={(event) => setPlan.mutate({ id: user.id, verified: event.target.checked })}
                      className="accent-primary"
                    />
                    Verified
                  </label>
                </td>
                <td className="px-4 py-3">
                  <span className={cn('text-xs font-semibold', user.isActive ? 'text-emerald-400' : 'text-red-400')}>
                    {user.isActive ? 'Active' : 'Deactivated'}
                  </span>
                </td>
                <td className="px-4 py-3 text-muted">{formatDateTime(user.createdAt)}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2">
                    <Button variant="outline" size="sm" onClick={() => setEditing(user)} aria-label={`Edit ${user.username}`}>
                      Edit
                    </Button>
                    {user.isActive ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-red-300"
                        disabled={deactivate.isPending}
                        onClick={() => deactivate.mutate(user.id)}
                      >
                        Deactivate
                      </Button>
                    ) : (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-emerald-300"
                        disabled={reactivate.isPending}
                        onClick={() => reactivate.mutate(user.id)}
                      >
                        Reactivate
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
            {users.data?.users.length === 0 && (
              <tr>
                <td colSpan={6} className="px-4 py-10 text-center text-muted">
                  No users match this search.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {users.data && <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={users.data.total} onPageChange={setPage} />}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
