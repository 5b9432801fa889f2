import { Switch } from '#web/components/ui/switch.tsx';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import type { SiteSettings } from '#shared/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { SITE_SETTINGS_CHANGED } from '#web/features/site/closed-site-banner.tsx';
import { cn } from '#web/lib/utils.ts';
import { adminRequests, useSiteSettings } from './use-admin.ts';

/** Coming Soon Mode (spec 001 §2 and §4): the switch saves at once with the current message. */
export function SettingsTab() {
  const settings = useSiteSettings();
  if (settings.isError)
    return (
      <p role="alert" className="text-sm text-red-300">
        Failed to fetch settings
      </p>
    );
  if (!settings.data) return null;
  // Keyed by what the server said, so the form starts again from every reload.
  return <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />;
}

function SettingsForm({ saved }: { saved: SiteSettings }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState(saved.maintenanceMessage);
  const save = useApiMutation({
    mutationFn: adminRequests.saveSiteSettings,
    onSuccess: () => {
      window.dispatchEvent(new Event(SITE_SETTINGS_CHANGED));
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    // The spec's words whatever the server said (spec 001 §8).
    failure: () => 'Failed to update maintenance mode.',
    failureTitle: 'Error',
    success: (saved) => ({
      title: 'Settings updated',
      description: saved.maintenanceMode ? 'Maintenance mode enabled successfully.' : 'Maintenance mode disabled successfully.',
    }),
  });

  const on = saved.maintenanceMode;
  const busy = save.isPending;
  // Closing the site asks first (issue 27); opening it again does not.
  const [confirmingClose, setConfirmingClose] = useState(false);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <Card className="space-y-5">
        <div className="flex items-center justify-between gap-4">
          <div>
            <h2 className="text-lg font-semibold">Coming Soon Mode</h2>
            <p className="text-sm text-muted">Close the site to everyone but admins.</p>
          </div>
          <Switch
            checked={on}
            disabled={busy}
            onCheckedChange={(checked) =>
              checked ? setConfirmingClose(true) : void save.run({ maintenanceMode: false, maintenanceMessage: message })
            }
            aria-label="Coming Soon Mode"
          />
        </div>
        <div className="space-y-2">
          <label htmlFor="maintenance-message" className="text-sm font-medium text-zinc-300">
            Message
          </label>
          <textarea
            id="maintenance-message"
            rows={4}
            value={message}
            disabled={busy}
            onChange={(event) => setMessage(event.target.value)}
            className="w-full rounded-xl border border-border bg-surface px-4 py-3 text-sm focus:border-primary focus:outline-none disabled:opacity-50"
          />
        </div>
        <Button disabled={busy} onClick={() => void save.run({ maintenanceMode: on, maintenanceMessage: message })}>
          Update Message
        </Button>
        <ConfirmDialog
          title="Close the site?"
          description="Every visitor and every signed-in user who is not an admin gets the coming-soon page (HTTP 503) with your message, public profiles included, until you switch it off. Admins keep using the site."
          confirmLabel="Close the site"
          pendingLabel="Closing..."
          pending={busy}
          open={confirmingClose}
          onOpenChange={setConfirmingClose}
          onConfirm={() => void save.run({ maintenanceMode: true, maintenanceMessage: message }).then(() => setConfirmingClose(false))}
        />
      </Card>
      <Card className={cn('space-y-2', on ? 'border-accent/50' : 'border-emerald-500/40')} role="status" data-testid="site-status">
        <p className={cn('font-semibold', on ? 'text-accent' : 'text-emerald-400')}>{on ? 'Coming Soon Mode Active' : 'Site Live'}</p>
        <p className="text-sm text-muted">
          {on
            ? 'All visitors will see the coming soon page. Only admins can access the site.'
            : 'The site is live and accessible to all users.'}
        </p>
        <a
          href="/coming-soon"
          target="_blank"
          rel="noopener noreferrer"
          className="inline-block pt-2 text-sm text-primary-text hover:underline"
        >
          Preview the coming soon page
        </a>
      </Card>
    </div>
  );
}
