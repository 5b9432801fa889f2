import { type ChangeEvent, useState } from 'react';
import { FileJson, Palette, Sparkles } from 'lucide-react';
import { type PageSummary, newPageFormSchema } from '#shared/pages.ts';
import { roleAllows } from '#shared/page-roles.ts';
import { type PageFile, pageTransferMessages } from '#shared/page-transfer.ts';
import { FormDialog } from '#web/components/ui/form-dialog.tsx';
import { Input, Label, Select } from '#web/components/ui/input.tsx';
import { serverMessageOr } from '#web/lib/api.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { toast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { usePages } from './use-page-list.ts';
import { importPageFileInto, useCreatePage } from './use-pages.ts';

const STARTS = [
  { id: 'empty', label: 'Empty', hint: 'A new page in the default look', icon: Sparkles },
  { id: 'copy', label: 'A copy of a look', hint: 'The theme, layout, fonts and background of one of your pages', icon: Palette },
  { id: 'file', label: 'A page file', hint: 'Links, blocks, profile and look from a page export', icon: FileJson },
] as const;

/**
 * New page (issue 53): its address (the username rules apply), and how it begins: empty, with the look of one of
 * the person's pages, or from a page file. The dashboard then switches to it.
 */
export function NewPageDialog({ origin, onMade, onClose }: { origin: string; onMade: (page: PageSummary) => void; onClose: () => void }) {
  const pages = usePages();
  const createPage = useCreatePage();
  const form = useSchemaForm(newPageFormSchema, { defaultValues: { username: '', start: 'empty', copyFrom: '' } });
  const start = form.watch('start');
  const username = form.watch('username');
  const [file, setFile] = useState<{ name: string; document: PageFile } | null>(null);
  const [importing, setImporting] = useState(false);
  const editable = (pages.data?.pages ?? []).filter((page) => roleAllows(page.role, 'editor'));
  const full = pages.data ? pages.data.owned >= pages.data.limit : false;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setFile(null);
    if (!chosen) return;
    try {
      setFile({ name: chosen.name, document: JSON.parse(await chosen.text()) as PageFile });
      form.clearErrors();
    } catch {
      form.showFailure(pageTransferMessages.notJson);
    }
  };

  const submit = form.handleSubmit(async ({ username, start: how, copyFrom }) => {
    if (how === 'file' && !file) return form.showFailure('Choose the page file to start from');
    if (how === 'copy' && !copyFrom) return form.showFailure('Choose the page whose look to copy', { copyFrom: 'Choose a page' });
    const body = how === 'copy' ? { username, start: 'copy' as const, copyFrom: Number(copyFrom) } : { username, start: 'empty' as const };
    await createPage.run(body, {
      form,
      success: false,
      onSuccess: async (page) => {
        if (how === 'file' && file) {
          setImporting(true);
          try {
            await importPageFileInto(page.id, file.document);
          } catch (caught) {
            toast.error('The page was made, but its file was not brought in', {
              description: `${serverMessageOr(caught, 'The file could not be read.')} Import it again under Page & Team.`,
            });
          } finally {
            setImporting(false);
          }
        }
        toast.success(`Your page /${page.username} is ready`, { description: 'The dashboard now works on it.' });
        onMade(page);
      },
    });
  });

  const pending = createPage.isPending || importing;
  return (
    <FormDialog
      title="New page"
      description={
        full && pages.data ? (
          <p>
            Your plan holds {pages.data.limit === 1 ? 'one page' : `${pages.data.limit} pages`} and you have {pages.data.owned}: delete one,
            or see Pricing for a plan with more.
          </p>
        ) : (
          <p>A page of its own at its own address, with its own links, look, analytics and team. You can rename it later.</p>
        )
      }
      submitLabel="Create page"
      pendingLabel={importing ? 'Bringing in the file...' : 'Creating...'}
      pending={pending}
      error={form.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="space-y-2">
        <Label htmlFor="new-page-username">Address</Label>
        <Input
          id="new-page-username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="yourbrand"
          aria-describedby="new-page-username-hint"
          {...form.field('username')}
        />
        <p id="new-page-username-hint" className="break-all text-xs text-muted">
          Its address: {origin.replace(/^https?:\/\//, '')}/{username || 'yourbrand'}. Lowercase letters, numbers, - and _, up to 20.
        </p>
      </div>
      <fieldset className="min-w-0 space-y-2">
        <legend className="text-sm font-medium text-zinc-300">Start from</legend>
        <div className="grid gap-2">
          {STARTS.map((entry) => (
            <label
              key={entry.id}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
                start === entry.id ? 'border-primary bg-primary/10' : 'border-border hover:bg-white/5',
              )}
            >
              <input type="radio" value={entry.id} className="sr-only" {...form.register('start')} />
              <entry.icon className="mt-0.5 size-4 shrink-0 text-primary-text" aria-hidden="true" />
              <span>
                <span className="block font-medium">{entry.label}</span>
                <span className="block text-xs text-muted">{entry.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {start === 'copy' && (
        <div className="space-y-2">
          <Label htmlFor="new-page-copy-from">Copy the look of</Label>
          <Select id="new-page-copy-from" className="w-full" {...form.field('copyFrom')}>
            <option value="">Choose a page</option>
            {editable.map((page) => (
              <option key={page.id} value={page.id}>
                {page.displayName || page.username} (@{page.username})
              </option>
            ))}
          </Select>
          <p className="text-xs text-muted">Its uploaded background, music and cursor come too; links and profile do not.</p>
        </div>
      )}
      {start === 'file' && (
        <div className="space-y-2">
          <Label htmlFor="new-page-file">Page file (.json)</Label>
          <Input
            id="new-page-file"
            type="file"
            accept="application/json,.json"
            className="py-2"
            onChange={(event) => void readFile(event)}
          />
          {file && <p className="truncate text-xs text-muted">{file.name}: checked when you create the page.</p>}
        </div>
      )}
    </FormDialog>
  );
}
