import { ArrowLeftRight, Download, FileUp, Heading, Link2, Minus, PlaySquare, TriangleAlert, Type } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { countOf } from '#shared/counts.ts';
import {
  type ImportMode,
  type ImportPreview,
  type ImportPreviewRequest,
  type ImportResult,
  PAGE_FILE_SCHEMA_PATH,
  PAGE_IMPORT_MAX_BYTES,
  type PageFile,
  type PageFileItem,
  linktreeAddressFormSchema,
  pageFileMaxBytes,
  pageTransferMessages,
} from '#shared/page-transfer.ts';
import { PLAN_NAMES, formatBytes } from '#shared/plans.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { cn } from '#web/lib/utils.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { usePlanUsage } from '#web/features/links/use-links.ts';
import { useDownloadPageFile, useImportPage, usePreviewImport } from './use-account.ts';

type Source = ImportPreviewRequest['source'];

const SOURCES: { id: Source; name: string; pick: string; hint: string; accept?: string }[] = [
  {
    id: 'file',
    name: 'Page file',
    pick: 'Choose a page file',
    hint: 'A .json page file from this or another Linkverse site.',
    accept: '.json,application/json',
  },
  { id: 'linktree', name: 'Linktree', pick: '', hint: 'Your public Linktree address: this site reads the page once.' },
  {
    id: 'linkstack',
    name: 'LinkStack',
    pick: 'Choose your LinkStack export',
    hint: 'The .json file of LinkStack’s “Export all data”.',
    accept: '.json,application/json',
  },
  {
    id: 'littlelink',
    name: 'LittleLink',
    pick: 'Choose your LittleLink page',
    hint: 'Your LittleLink page’s index.html.',
    accept: '.html,.htm,text/html',
  },
];

/**
 * Moving a page in and out (issue 32): the page as one file, and an import
 * from a page file, Linktree, LinkStack or LittleLink that shows what it read
 * (and what it could not) before anything is saved.
 */
export function PageTransferCard({ user }: { user: CurrentUser }) {
  const download = useDownloadPageFile();
  const importLimit = useImportLimit();
  const [preview, setPreview] = useState<(ImportPreview & { source: Source }) | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [downloadedBytes, setDownloadedBytes] = useState<number | null>(null);

  const downloadFile = () => download.run(undefined, { onSuccess: setDownloadedBytes });

  return (
    <Card className="lg:col-span-2">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <ArrowLeftRight className="size-5 text-primary-text" aria-hidden="true" /> Move your page
      </h2>
      <p className="mt-1 text-sm text-muted">
        Take your page anywhere as one file, or bring a page here from a page file, Linktree, LinkStack or LittleLink.
      </p>
      <div className="mt-5 grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section aria-labelledby="page-file-heading" className="rounded-xl border border-border/70 p-4 md:self-start">
          <h3 id="page-file-heading" className="font-semibold">
            Your page as a file
          </h3>
          <p className="mt-1 text-sm text-muted">
            Your settings, links and blocks, look and pictures in one JSON file that any Linkverse site imports. Its format is{' '}
            <a href={PAGE_FILE_SCHEMA_PATH} className="font-semibold text-primary-text hover:underline">
              documented
            </a>
            .
          </p>
          <Button variant="outline" className="mt-4" disabled={download.isPending} onClick={() => void downloadFile()}>
            <Download /> {download.isPending ? 'Preparing...' : 'Download page file'}
          </Button>
          {downloadedBytes !== null && importLimit !== undefined && downloadedBytes > importLimit && (
            <p role="alert" className="mt-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
              {pageTransferMessages.exportTooLarge(formatBytes(downloadedBytes), formatBytes(importLimit))}
            </p>
          )}
        </section>
        <section aria-labelledby="import-heading" className="min-w-0 rounded-xl border border-border/70 p-4">
          <h3 id="import-heading" className="font-semibold">
            Import a page
          </h3>
          {result ? (
            <ImportDone result={result} username={user.username} onAgain={() => setResult(null)} />
          ) : preview ? (
            <ImportPreviewPanel
              preview={preview}
              user={user}
              onCancel={() => setPreview(null)}
              onImported={(done) => {
                setPreview(null);
                setResult(done);
              }}
            />
          ) : (
            <ImportSourceForm onPreview={setPreview} />
          )}
        </section>
      </div>
    </Card>
  );
}

/** Choose where the page comes from; the server reads it into a preview. */
function ImportSourceForm({ onPreview }: { onPreview: (preview: ImportPreview & { source: Source }) => void }) {
  const features = useSiteFeatures();
  const read = usePreviewImport();
  const importLimit = useImportLimit();
  const [source, setSource] = useState<Source>('file');
  const form = useSchemaForm(linktreeAddressFormSchema, { defaultValues: { url: '' } });
  const fileInputId = useId();
  const chosen = SOURCES.find((entry) => entry.id === source)!;
  const linktreeOff = source === 'linktree' && features?.linktreeImport === false;

  // A page file's own pictures stay here: the server checks the file but does not send 9 MB back.
  const ask = (request: ImportPreviewRequest, ownMedia?: PageFile['media']) =>
    read.run(request, {
      form,
      onSuccess: (preview) =>
        onPreview({ ...preview, document: ownMedia ? { ...preview.document, media: ownMedia } : preview.document, source: request.source }),
    });
  const refuse = (message: string) => form.showFailure(message);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    form.clearErrors();
    if (importLimit !== undefined && file.size > importLimit) return refuse(pageTransferMessages.tooLarge(formatBytes(importLimit)));
    const text = await file.text();
    if (source === 'littlelink') return ask({ source, html: text });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return refuse(pageTransferMessages.notJson);
    }
    if (source === 'linkstack') return ask({ source, file: parsed as Record<string, unknown> });
    const document = parsed as PageFile;
    return ask({ source: 'file', document }, Array.isArray(document?.media) ? document.media : []);
  };

  const readLinktree = form.handleSubmit(({ url }) => ask({ source: 'linktree', url }));

  return (
    <div className="mt-3 space-y-4">
      <fieldset className="min-w-0">
        <legend className="text-sm text-muted">From</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {SOURCES.map((entry) => (
            <label
              key={entry.id}
              className={cn(
                'flex cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
                source === entry.id ? 'border-primary bg-primary/15 text-zinc-50' : 'border-border/70 text-zinc-300 hover:border-zinc-500',
              )}
            >
              <input
                type="radio"
                name="import-source"
                value={entry.id}
                className="sr-only"
                checked={source === entry.id}
                onChange={() => {
                  setSource(entry.id);
                  form.clearErrors();
                }}
              />
              {entry.name}
            </label>
          ))}
        </div>
      </fieldset>
      <FormError message={form.error} />
      {source === 'linktree' ? (
        linktreeOff ? (
          <p className="rounded-lg border border-border/70 p-3 text-sm text-muted">{pageTransferMessages.linktreeOff}</p>
        ) : (
          <form onSubmit={(event) => void readLinktree(event)} noValidate aria-label="Import from Linktree" className="space-y-2">
            <Label htmlFor="linktree-address">Linktree address</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input id="linktree-address" type="url" inputMode="url" placeholder="https://linktr.ee/yourname" {...form.field('url')} />
              <Button type="submit" disabled={read.isPending}>
                {read.isPending ? 'Reading...' : 'Read page'}
              </Button>
            </div>
            <p className="text-xs text-muted">{chosen.hint} Best-effort: you see what was read before anything is saved.</p>
          </form>
        )
      ) : (
        <div className="space-y-2">
          <label
            htmlFor={fileInputId}
            className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-zinc-300 transition-colors hover:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
          >
            <FileUp className="size-6 text-primary-text" aria-hidden="true" />
            <span className="font-semibold">{read.isPending ? 'Reading...' : chosen.pick}</span>
            <span className="text-xs text-muted">
              {chosen.hint} Up to {formatBytes(importLimit ?? PAGE_IMPORT_MAX_BYTES)}.
            </span>
            <input
              id={fileInputId}
              type="file"
              accept={chosen.accept}
              className="sr-only"
              disabled={read.isPending}
              onChange={(event) => void readFile(event)}
            />
          </label>
        </div>
      )}
    </div>
  );
}

/** The largest page file this account may import (what its own export can weigh), once its plan's usage is in. */
function useImportLimit(): number | undefined {
  const limitBytes = usePlanUsage().data?.uploads.limitBytes;
  return limitBytes === undefined ? undefined : pageFileMaxBytes(limitBytes);
}

const ITEM_ICONS = { link: Link2, header: Heading, text: Type, divider: Minus, embed: PlaySquare } as const;

function itemWords(item: PageFileItem): { title: string; detail: string } {
  switch (item.type) {
    case 'link':
      return { title: item.title, detail: item.url };
    case 'header':
      return { title: item.title, detail: 'Header' };
    case 'text':
      return { title: item.text, detail: 'Text' };
    case 'divider':
      return { title: 'Divider', detail: '' };
    case 'embed':
      return { title: item.title || 'Embed', detail: item.url };
  }
}

/** What was read, each item with its box; the creator unticks what they do not want, then imports. */
function ImportPreviewPanel({
  preview,
  user,
  onCancel,
  onImported,
}: {
  preview: ImportPreview & { source: Source };
  user: CurrentUser;
  onCancel: () => void;
  onImported: (result: ImportResult) => void;
}) {
  const { document, notes, source } = preview;
  const usage = usePlanUsage();
  const importPage = useImportPage();
  const [chosen, setChosen] = useState<boolean[]>(() => document.items.map(() => true));
  const profile = document.profile ?? {};
  const hasProfile = Boolean(profile.displayName || profile.bio || profile.profileImage);
  const [useProfile, setUseProfile] = useState(hasProfile);
  const [useLook, setUseLook] = useState(Boolean(document.customization));
  const [mode, setMode] = useState<ImportMode>('append');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const picked = document.items.filter((_, index) => chosen[index]);
  const pickedLinks = picked.filter((item) => item.type === 'link').length;
  const limit = usage.data?.links.limit ?? null;
  const linksAfter = (mode === 'append' ? (usage.data?.links.used ?? 0) : 0) + pickedLinks;
  const overLimit = limit !== null && linksAfter > limit ? linksAfter - limit : 0;
  const replacing = mode === 'replace';

  const run = () => {
    const file: PageFile = {
      ...document,
      items: picked,
      profile: replacing && useProfile ? document.profile : undefined,
      customization: replacing && useLook ? document.customization : undefined,
    };
    return importPage.run(
      { mode, document: file },
      { form: { showFailure: setError }, onSuccess: onImported, onFailure: () => setConfirming(false) },
    );
  };

  return (
    <div className="mt-3 space-y-4">
      {source !== 'file' && (
        <p className="text-sm text-muted">
          Read from {SOURCES.find((entry) => entry.id === source)!.name}, best-effort: check it before importing.
        </p>
      )}
      {notes.length > 0 && (
        <div className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100" role="note">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert className="size-4" aria-hidden="true" /> Not brought over as it was
          </p>
          <ul className="mt-2 list-disc space-y-1 ps-5">
            {notes.map((note) => (
              <li key={note} className="break-words">
                {note}
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormError message={error} />
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-zinc-200">
          Items{' '}
          <span className="font-normal text-muted">
            ({countOf(picked.length, 'item')} of {document.items.length} chosen)
          </span>
        </legend>
        {document.items.length === 0 ? (
          <p className="mt-2 text-sm text-muted">The page has no links or blocks.</p>
        ) : (
          <ul
            className="mt-2 max-h-80 divide-y divide-border/60 overflow-y-auto rounded-lg border border-border/70"
            aria-label="Items to import"
          >
            {document.items.map((item, index) => {
              const Icon = ITEM_ICONS[item.type];
              const words = itemWords(item);
              return (
                <li key={index}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-white/5">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 rounded border-border bg-surface accent-primary"
                      checked={chosen[index]}
                      onChange={(event) =>
                        setChosen((current) => current.map((value, at) => (at === index ? event.target.checked : value)))
                      }
                    />
                    <Icon className="size-4 shrink-0 text-muted" aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm text-zinc-100">{words.title}</span>
                      {words.detail && <span className="block truncate text-xs text-muted">{words.detail}</span>}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-zinc-200">Into your page</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(
            [
              ['append', 'Add after my links', 'Your links, profile and look stay as they are.'],
              ['replace', 'Replace my page', 'Your links and blocks give way to these.'],
            ] as const
          ).map(([value, name, hint]) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
                mode === value ? 'border-primary bg-primary/10' : 'border-border/70',
              )}
            >
              <input
                type="radio"
                name="import-mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="mt-0.5 accent-primary"
              />
              <span>
                <span className="block font-medium text-zinc-100">{name}</span>
                <span className="block text-xs text-muted">{hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {replacing && (hasProfile || document.customization) && (
        <div className="space-y-2">
          {hasProfile && (
            <label className="flex items-start gap-3 text-sm text-zinc-200">
              <input
                type="checkbox"
                className="mt-0.5 size-4 rounded border-border bg-surface accent-primary"
                checked={useProfile}
                onChange={(event) => setUseProfile(event.target.checked)}
              />
              <span>
                Use its name, bio and picture
                <span className="block text-xs text-muted">
                  {[profile.displayName, profile.bio].filter(Boolean).join(' · ') || 'Its picture'}
                  {profile.profileImage ? ' · with a picture' : ''}
                </span>
              </span>
            </label>
          )}
          {document.customization && (
            <label className="flex items-start gap-3 text-sm text-zinc-200">
              <input
                type="checkbox"
                className="mt-0.5 size-4 rounded border-border bg-surface accent-primary"
                checked={useLook}
                onChange={(event) => setUseLook(event.target.checked)}
              />
              <span>
                Use its look
                <span className="block text-xs text-muted">Your current look is kept in Customize → History.</span>
              </span>
            </label>
          )}
        </div>
      )}
      {overLimit > 0 && limit !== null && (
        <p className="rounded-lg border border-border/70 p-3 text-sm text-muted" role="status">
          Your {PLAN_NAMES[user.plan]} plan allows {countOf(limit, 'link')}: {countOf(overLimit, 'link')} past it will not be imported, and
          will be listed.
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={importPage.isPending}>
          Cancel
        </Button>
        <Button
          type="button"
          disabled={importPage.isPending || (picked.length === 0 && !(replacing && (useProfile || useLook)))}
          onClick={() => (replacing ? setConfirming(true) : void run())}
        >
          {importPage.isPending ? 'Importing...' : `Import ${countOf(picked.length, 'item')}`}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Replace your page?"
        description={
          <>
            Every link and block on your page is deleted, with its click counts, and the {countOf(picked.length, 'item')} chosen here take
            their place.
            {useProfile && hasProfile ? ' Your name, bio and picture become these.' : ''}
            {useLook && document.customization ? ' Your look too (the current one stays in Customize → History).' : ''} Download your page
            file first if you may want it back.
          </>
        }
        confirmLabel="Replace my page"
        pendingLabel="Importing..."
        pending={importPage.isPending}
        onConfirm={() => void run()}
      />
    </div>
  );
}

function ImportDone({ result, username, onAgain }: { result: ImportResult; username: string; onAgain: () => void }) {
  return (
    <div className="mt-3 space-y-3" role="status">
      <p className="text-sm font-semibold text-emerald-200">
        {pageTransferMessages.imported(result.imported.items)}
        {result.imported.media > 0 ? `, with ${countOf(result.imported.media, 'picture')}` : ''}.
      </p>
      {(result.skipped.length > 0 || result.notes.length > 0) && (
        <ul className="list-disc space-y-1 ps-5 text-sm text-muted">
          {result.skipped.map((item, index) => (
            <li key={`skipped-${index}`}>
              Not imported: “{item.title}”. {item.reason}
            </li>
          ))}
          {result.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <a href={`/${username}`} target="_blank" rel="noopener noreferrer">
            See your page
          </a>
        </Button>
        <Button variant="ghost" onClick={onAgain}>
          Import another
        </Button>
      </div>
    </div>
  );
}
