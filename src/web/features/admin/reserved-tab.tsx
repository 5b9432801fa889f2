import { Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { ADMIN_PAGE_SIZE, reserveUsernameFormSchema } from '#shared/admin.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { Pager } from './pager.tsx';
import { SearchInput } from './search-input.tsx';
import { adminRequests, useAdminMutation, useReservedUsernames } from './use-admin.ts';

export function ReservedTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const form = useSchemaForm(reserveUsernameFormSchema, { defaultValues: { username: '', reason: '' } });
  const reserved = useReservedUsernames(page, search);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);
  const reserve = useAdminMutation(adminRequests.reserve, {
    success: 'Username reserved successfully',
    failure: 'Failed to reserve username',
  });
  const remove = useAdminMutation(adminRequests.unreserve, {
    success: 'Reserved username removed successfully',
    failure: 'Failed to remove reserved username',
  });

  // Refused by the server: its words in the control center's toast (spec 001 §8).
  const submit = form.handleSubmit((input) => reserve.run(input, { onSuccess: () => form.reset() }));

  return (
    <div className="space-y-6">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Reserve a username"
        className="grid gap-3 rounded-2xl border border-border bg-surface/60 p-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
      >
        <div className="space-y-2">
          <Label htmlFor="reserve-username">Username</Label>
          <Input id="reserve-username" {...form.field('username')} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="reserve-reason">Reason</Label>
          <Input id="reserve-reason" {...form.field('reason')} />
        </div>
        <Button type="submit" disabled={reserve.isPending}>
          Reserve
        </Button>
        {form.error && (
          <p role="alert" className="text-sm text-red-300 sm:col-span-3">
            {form.error}
          </p>
        )}
      </form>
      <SearchInput label="Search reserved usernames" onSearch={onSearch} />
      {reserved.isError && (
        <p role="alert" className="text-sm text-red-300">
          Failed to fetch reserved usernames
        </p>
      )}
      <ul className="divide-y divide-border rounded-2xl border border-border">
        {reserved.data?.reservedUsernames.map((entry) => (
          <li key={entry.id} className="flex items-center gap-4 px-4 py-3 text-sm" data-testid="reserved-row">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {entry.username}
                {entry.builtIn && <span className="rounded-full bg-white/5 px-2 py-0.5 text-xs font-medium text-zinc-300">Built-in</span>}
              </p>
              <p className="break-words text-muted">
                {entry.reason} · by {entry.reservedBy ?? 'System'} · {formatDateTime(entry.createdAt)}
              </p>
            </div>
            {!entry.builtIn && (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${entry.username}`}
                disabled={remove.isPending}
                onClick={() => void remove.run(entry.id)}
              >
                <Trash2 />
              </Button>
            )}
          </li>
        ))}
        {reserved.data?.reservedUsernames.length === 0 && (
          <li className="px-4 py-10 text-center text-sm text-muted">No reserved usernames match.</li>
        )}
      </ul>
      {reserved.data && <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={reserved.data.pagination.total} onPageChange={setPage} />}
    </div>
  );
}
