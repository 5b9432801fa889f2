import { useCallback, useState } from 'react';
import type { AdminUser } from '#shared/admin.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { SearchInput } from './search-input.tsx';
import { useUserPicker, useUsernameHistory } from './use-admin.ts';

export function HistoryTab() {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<AdminUser | null>(null);
  const picker = useUserPicker(search);
  const history = useUsernameHistory(picked?.id ?? null);
  const onSearch = useCallback((text: string) => setSearch(text), []);

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
      <div className="space-y-3">
        <SearchInput label="Find a user" onSearch={onSearch} />
        {picker.isError && (
          <p role="alert" className="text-sm text-red-300">
            Failed to search users
          </p>
        )}
        <ul className="space-y-1" aria-label="Matching users">
          {picker.data?.users.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                onClick={() => setPicked(user)}
                aria-pressed={picked?.id === user.id}
                className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-start text-sm hover:bg-white/5 aria-pressed:bg-primary/15"
              >
                <Avatar name={user.displayName || user.username} src={user.profileImage} className="size-8" />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{user.displayName}</span>
                  <span className="block truncate text-xs text-muted">@{user.username}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-2xl border border-border p-4">
        {!picked ? (
          <p className="py-10 text-center text-sm text-muted">Search for a user and pick them to see their username history.</p>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-red-300">
            Failed to fetch username history
          </p>
        ) : history.data?.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted">@{picked.username} has never changed username.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Username history">
            {history.data?.map((entry) => (
              <li key={entry.id} className="py-3 text-sm" data-testid="history-entry">
                <p className="font-semibold">
                  {entry.oldUsername} → {entry.newUsername}
                </p>
                <p className="text-muted">
                  by {entry.changedBy ?? 'System'} · {entry.reason ?? 'No reason provided'} · {formatDateTime(entry.changedAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
