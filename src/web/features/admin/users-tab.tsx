import { useCallback, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminUser } from '#shared/admin.ts';
import { PLANS, type Plan } from '#shared/constants.ts';
import { PLAN_NAMES } from '#shared/plans.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { StackedCell, StackedEmptyRow, StackedRow, StackedTable } from '#web/components/ui/stacked-table.tsx';
import { cn } from '#web/lib/utils.ts';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { ResetLinkDialog } from './reset-link-dialog.tsx';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { Pager } from './pager.tsx';
import { SearchInput } from './search-input.tsx';
import { adminRequests, useAdminMutation, useAdminUsers } from './use-admin.ts';

export function UsersTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const users = useAdminUsers(page, search);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);
  const deactivate = useAdminMutation((id: number) => adminRequests.setActive(id, false), {
    success: 'User deactivated successfully',
    failure: 'Failed to deactivate user',
  });
  const reactivate = useAdminMutation((id: number) => adminRequests.setActive(id, true), {
    success: 'User reactivated successfully',
    failure: 'Failed to reactivate user',
  });
  const setPlan = useAdminMutation(
    ({ id, ...change }: { id: number; plan?: Plan; verified?: boolean }) => adminRequests.setPlan(id, change),
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
      <StackedTable label="Users" head={['User', 'Role', 'Plan', 'Status', 'Joined', 'Actions']} actions>
        {users.data?.users.map((user) => (
          <StackedRow key={user.id} data-testid="admin-user-row">
            <StackedCell>
              <div className="flex items-center gap-3">
                <Avatar name={user.displayName || user.username} src={user.profileImage} className="size-9" />
                <div className="min-w-0">
                  <p className="truncate font-medium">{user.displayName}</p>
                  <p className="truncate text-xs text-muted">@{user.username}</p>
                </div>
              </div>
            </StackedCell>
            <StackedCell label="Role">
              {user.owner ? (
                // A further page of an account (issue 53): no role, password or plan of its own.
                <span className="w-fit rounded-full bg-secondary/15 px-2.5 py-1 text-xs font-semibold text-zinc-200">
                  Page of @{user.owner.username}
                </span>
              ) : (
                <span
                  className={cn(
                    'w-fit rounded-full px-2.5 py-1 text-xs font-semibold',
                    user.role === 'admin' ? 'bg-primary/20 text-primary-text' : 'bg-white/5 text-zinc-300',
                  )}
                >
                  {user.role}
                </span>
              )}
            </StackedCell>
            <StackedCell label="Plan">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 md:block">
                <select
                  aria-label={`Plan of ${user.username}`}
                  value={user.plan}
                  title={user.owner ? `A page takes the plan of @${user.owner.username}` : undefined}
                  disabled={setPlan.isPending || user.owner !== null}
                  onChange={(event) => void setPlan.run({ id: user.id, plan: event.target.value as Plan })}
                  className="h-9 rounded-lg border border-border bg-surface px-2 text-sm"
                >
                  {PLANS.map((plan) => (
                    <option key={plan} value={plan}>
                      {PLAN_NAMES[plan]}
                    </option>
                  ))}
                </select>
                <label className="flex items-center gap-1.5 text-xs text-muted md:mt-1">
                  <input
                    type="checkbox"
                    checked={user.verified}
                    aria-label={`Verified badge for ${user.username}`}
                    disabled={setPlan.isPending}
                    onChange={(event) => void setPlan.run({ id: user.id, verified: event.target.checked })}
                    className="accent-primary"
                  />
                  Verified
                </label>
              </div>
            </StackedCell>
            <StackedCell label="Status">
              <span className={cn('text-xs font-semibold', user.isActive && !user.deleteAfter ? 'text-emerald-400' : 'text-red-400')}>
                {user.deleteAfter ? `Deleting ${formatDateTime(user.deleteAfter)}` : user.isActive ? 'Active' : 'Deactivated'}
              </span>
            </StackedCell>
            <StackedCell label="Joined" className="text-muted">
              {formatDateTime(user.createdAt)}
            </StackedCell>
            <StackedCell>
              <div className="flex flex-wrap gap-2 md:justify-end">
                <Button variant="outline" size="sm" onClick={() => setEditing(user)} aria-label={`Edit ${user.username}`}>
                  Edit
                </Button>
                {!user.owner && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setResetting(user)}
                    aria-label={`Password reset link for ${user.username}`}
                  >
                    Reset password
                  </Button>
                )}
                {user.isActive ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-300"
                    disabled={deactivate.isPending}
                    onClick={() => setDeactivating(user)}
                    aria-label={`Deactivate ${user.username}`}
                  >
                    Deactivate
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-emerald-300"
                    disabled={reactivate.isPending}
                    onClick={() => void reactivate.run(user.id)}
                    aria-label={`Reactivate ${user.username}`}
                  >
                    Reactivate
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-300"
                  onClick={() => setDeleting(user)}
                  aria-label={`Delete ${user.username}`}
                >
                  Delete
                </Button>
              </div>
            </StackedCell>
          </StackedRow>
        ))}
        {users.data?.users.length === 0 && <StackedEmptyRow columns={6}>No users match this search.</StackedEmptyRow>}
      </StackedTable>
      {users.data && <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={users.data.total} onPageChange={setPage} />}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
      {resetting && <ResetLinkDialog user={resetting} onClose={() => setResetting(null)} />}
      {deleting && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />}
      <ConfirmDialog
        title="Deactivate user"
        description={
          deactivating && (
            <>
              {deactivating.owner
                ? `Deactivate the page @${deactivating.username} of @${deactivating.owner.username}? It stops being shown until an admin reactivates it; its owner and team keep their accounts.`
                : `Deactivate @${deactivating.username}? They are signed out, cannot sign in, and their pages stop being shown until an admin reactivates the account. Members of their pages keep their own.`}
            </>
          )
        }
        confirmLabel="Deactivate"
        pendingLabel="Deactivating..."
        pending={deactivate.isPending}
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        onConfirm={() => {
          if (!deactivating) return;
          void deactivate.run(deactivating.id).then(() => setDeactivating(null));
        }}
      />
    </div>
  );
}
