import { AlertTriangle, CheckCircle2, ImagePlus, Info, Lock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PLAN_LIMITS } from '#shared/plans.ts';
import { toPublicProfile } from '#shared/public-profile.ts';
import {
  SEARCH_DESCRIPTION_SHOWN,
  SEARCH_TITLE_SHOWN,
  SHARE_DESCRIPTION_SHOWN,
  SHARE_TITLE_SHOWN,
  STRUCTURED_DATA_TYPES,
  type SeoAnswer,
  type SeoSettings,
  type SeoUpdate,
  VERIFICATION_SERVICES,
  VERIFICATION_SERVICE_IDS,
  appearanceOf,
  seoChecksOf,
  seoUpdateSchema,
} from '#shared/seo.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Input, Label, Textarea } from '#web/components/ui/input.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { usePageItems } from '#web/features/links/use-links.ts';
import { PlanLockNote } from '#web/features/purchases/plan-lock-note.tsx';
import { useCustomization } from '#web/lib/use-customization.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { useUnsavedChanges } from '#web/lib/unsaved-changes.ts';
import { profileUrl } from '#web/lib/utils.ts';
import { cn } from '#web/lib/utils.ts';
import { useSaveSeo, useSeo, useUploadShareImage } from './use-seo.ts';

const STRUCTURED_DATA_LABELS: Record<SeoSettings['structuredData'], { name: string; hint: string }> = {
  person: { name: 'A person', hint: 'For a creator, artist or professional.' },
  organization: { name: 'An organization', hint: 'For a brand, shop, band or company.' },
  none: { name: 'None', hint: 'No structured data on the page.' },
};

/** The dashboard's SEO tab (issue 52 §3, Business): how the page looks in search and on share cards, and what holds it back. */
export function SeoTab({ user }: { user: CurrentUser }) {
  const seo = useSeo();
  if (seo.isPending) return <LoadingState label="Loading your SEO settings..." />;
  if (seo.isError) return <LoadError title="Your SEO settings could not be loaded." onRetry={() => void seo.refetch()} />;
  if (!seo.data.applied) return <SeoLocked answer={seo.data} />;
  return <SeoEditor user={user} saved={seo.data.settings} />;
}

/** On a plan without SEO tools: what they are, which plans have them, and that settings saved before are kept. */
function SeoLocked({ answer }: { answer: SeoAnswer }) {
  const kept = answer.settings.title !== '' || answer.settings.noindex || Object.keys(answer.settings.verifications).length > 0;
  return (
    <Card className="mx-auto max-w-2xl space-y-4">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/15 text-primary-text">
          <Lock className="size-5" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold">SEO tools</h2>
      </div>
      <p className="text-sm text-zinc-300">
        Choose how your page appears in search results and on share cards, keep it out of search engines, describe it to them with
        structured data, and verify it with Google, Bing and other search consoles. A check panel lists what holds your page back.
      </p>
      <PlanLockNote
        note={`SEO tools come with ${answer.plans}.${kept ? ' The settings you saved before are kept, and your page shows them again with the plan.' : ''}`}
      />
    </Card>
  );
}

function Counter({ length, shown, id }: { length: number; shown: number; id: string }) {
  return (
    <span id={id} className={cn('text-xs tabular-nums', length > shown ? 'text-amber-300' : 'text-muted')} aria-live="polite">
      {length}/{shown}
    </span>
  );
}

/** What the form edits: the settings but their sizes, which the server sets. */
function editable({ shareImageWidth: _width, shareImageHeight: _height, ...settings }: SeoSettings): SeoUpdate {
  return settings;
}

/** Settings as a save would leave them: a console's empty field is no code. */
function comparable(settings: SeoSettings): SeoUpdate {
  const codes = Object.entries(settings.verifications).filter(([, code]) => code);
  return { ...editable(settings), verifications: Object.fromEntries(codes.sort(([a], [b]) => a.localeCompare(b))) };
}

function SeoEditor({ user, saved }: { user: CurrentUser; saved: SeoSettings }) {
  const save = useSaveSeo();
  const items = usePageItems(user.id);
  const look = useCustomization();
  const limits = (useSiteFeatures()?.planLimits ?? DEFAULT_PLAN_LIMITS)[user.plan];
  const form = useSchemaForm(seoUpdateSchema, { defaultValues: editable(saved) });
  // The sizes are the server's: those of the image just uploaded, or of the saved one.
  const [uploaded, setUploaded] = useState<{ url: string; width: number; height: number } | undefined>();
  const watched = form.watch();
  const size =
    uploaded && uploaded.url === watched.shareImage ? uploaded : { width: saved.shareImageWidth, height: saved.shareImageHeight };
  const values = { ...saved, ...watched, shareImageWidth: size.width, shareImageHeight: size.height } as SeoSettings;
  const dirty = JSON.stringify(comparable(values)) !== JSON.stringify(comparable(saved));
  useUnsavedChanges('seo', 'SEO', dirty);
  // The page as it is drawn: the checks read its link titles, bio and page description.
  const page = useMemo(
    () => toPublicProfile({ ...user, planLimits: limits }, items.data ?? [], look.data),
    [user, limits, items.data, look.data],
  );
  const shown = appearanceOf(page, values);
  const generated = useMemo(() => appearanceOf(page, undefined), [page]);
  // The generated image is drawn from the page: a new address whenever the page changes, so no copy kept from before shows.
  const generatedImage = useMemo(() => `/${user.username}/og.png?draft=${textHashOf(JSON.stringify(page))}`, [user.username, page]);
  const checks = seoChecksOf(page, values);
  const address = profileUrl(user.username);
  const submit = form.handleSubmit((input) => save.run(input, { form, onSuccess: (answer) => form.reset(editable(answer.settings)) }));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-6 xl:grid-cols-[1fr_340px]">
      <div className="min-w-0 space-y-6">
        <FormError message={form.error} />
        <Card className="space-y-5">
          <div>
            <h2 className="text-lg font-semibold">Search appearance</h2>
            <p className="mt-1 text-sm text-muted">What search engines show for your page. Left empty, your page says it itself.</p>
          </div>
          <div className="space-y-2">
            <div className="flex items-center justify-between">
              <Label htmlFor="seo-title">Title</Label>
              <Counter id="seo-title-count" length={values.title.length} shown={SEARCH_TITLE_SHOWN} />
            </div>
            <Input id="seo-title" placeholder={generated.title} aria-describedby="seo-title-count" {...form.field('title')} />
          </div>
          <div className="space-y-2">
            <div className="flex items-center justify-between">
              <Label htmlFor="seo-description">Description</Label>
              <Counter id="seo-description-count" length={values.description.length} shown={SEARCH_DESCRIPTION_SHOWN} />
            </div>
            <Textarea
              id="seo-description"
              rows={3}
              placeholder={generated.description}
              aria-describedby="seo-description-count"
              {...form.field('description')}
            />
          </div>
          <figure className="rounded-xl border border-border bg-white p-4 text-start" data-testid="search-preview">
            <figcaption className="sr-only">How a search result shows your page</figcaption>
            <p className="truncate text-xs text-zinc-700">{address.replace(/^https?:\/\//, '').replace('/', ' › ')}</p>
            <p className="mt-1 line-clamp-1 text-lg leading-snug text-[#1a0dab]">{shown.title}</p>
            <p className="mt-1 line-clamp-2 text-sm text-zinc-700">{shown.description}</p>
          </figure>
        </Card>

        <Card className="space-y-5">
          <div>
            <h2 className="text-lg font-semibold">Share appearance</h2>
            <p className="mt-1 text-sm text-muted">
              What a link to your page shows in chats and feeds (OpenGraph and X cards). Left empty, the search title and description.
            </p>
          </div>
          <div className="space-y-2">
            <div className="flex items-center justify-between">
              <Label htmlFor="seo-share-title">Share title</Label>
              <Counter id="seo-share-title-count" length={values.shareTitle.length} shown={SHARE_TITLE_SHOWN} />
            </div>
            <Input id="seo-share-title" placeholder={shown.title} aria-describedby="seo-share-title-count" {...form.field('shareTitle')} />
          </div>
          <div className="space-y-2">
            <div className="flex items-center justify-between">
              <Label htmlFor="seo-share-description">Share description</Label>
              <Counter id="seo-share-description-count" length={values.shareDescription.length} shown={SHARE_DESCRIPTION_SHOWN} />
            </div>
            <Textarea
              id="seo-share-description"
              rows={2}
              placeholder={shown.description}
              aria-describedby="seo-share-description-count"
              {...form.field('shareDescription')}
            />
          </div>
          <ShareImageField
            image={values.shareImage}
            size={size}
            onUploaded={(image) => {
              setUploaded(image);
              form.setValue('shareImage', image.url, { shouldDirty: true });
            }}
            onRemove={() => form.setValue('shareImage', '', { shouldDirty: true })}
          />
          {values.shareImage && (
            <div className="space-y-2">
              <Label htmlFor="seo-share-image-alt">What the image shows</Label>
              <Input
                id="seo-share-image-alt"
                placeholder="Three glazed bowls on a wooden shelf"
                aria-describedby="seo-share-image-alt-hint"
                {...form.field('shareImageAlt')}
              />
              <p id="seo-share-image-alt-hint" className="text-xs text-muted">
                Read out by screen readers where the card appears.
              </p>
            </div>
          )}
          <figure className="overflow-hidden rounded-xl border border-border bg-zinc-900" data-testid="share-preview">
            <figcaption className="sr-only">How a share card shows your page</figcaption>
            <img
              src={values.shareImage || generatedImage}
              alt=""
              width={1200}
              height={630}
              className="aspect-[1200/630] h-auto w-full object-cover"
            />
            <div className="space-y-1 p-3">
              <p className="truncate text-xs uppercase text-zinc-400">{address.replace(/^https?:\/\//, '').split('/')[0]}</p>
              <p className="line-clamp-1 font-semibold text-white">{shown.shareTitle}</p>
              <p className="line-clamp-2 text-sm text-zinc-300">{values.shareDescription || shown.description}</p>
            </div>
          </figure>
          {!values.shareImage && (
            <p className="text-xs text-muted">Without an image of your own, the card shows one drawn from your page&apos;s look.</p>
          )}
        </Card>

        <Card className="space-y-5">
          <h2 className="text-lg font-semibold">Indexing and structured data</h2>
          <div className="flex items-start justify-between gap-4">
            <div>
              <Label htmlFor="seo-noindex">Hide from search engines</Label>
              <p className="mt-1 text-xs text-muted" id="seo-noindex-hint">
                Adds noindex to your page and leaves it out of the sitemap. People with the link still reach it.
              </p>
            </div>
            <Switch
              id="seo-noindex"
              checked={values.noindex}
              aria-describedby="seo-noindex-hint"
              onCheckedChange={(noindex) => form.setValue('noindex', noindex, { shouldDirty: true })}
            />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-zinc-300">Your page is about</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {STRUCTURED_DATA_TYPES.map((type) => (
                <label
                  key={type}
                  className={cn(
                    'flex cursor-pointer flex-col gap-0.5 rounded-xl border p-3 text-sm',
                    values.structuredData === type ? 'border-primary bg-primary/10' : 'border-border hover:border-primary/50',
                  )}
                >
                  <span className="flex items-center gap-2 font-medium text-white">
                    <input type="radio" className="accent-primary" value={type} {...form.field('structuredData')} />
                    {STRUCTURED_DATA_LABELS[type].name}
                  </span>
                  <span className="text-xs text-zinc-400">{STRUCTURED_DATA_LABELS[type].hint}</span>
                </label>
              ))}
            </div>
            <p className="text-xs text-muted">
              Search engines read your name, picture, description and your social links as the profiles that are yours.
            </p>
          </fieldset>
        </Card>

        <Card className="space-y-5">
          <div>
            <h2 className="text-lg font-semibold">Search console verification</h2>
            <p className="mt-1 text-sm text-muted">Paste the code each console gives you, or its whole meta tag.</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {VERIFICATION_SERVICE_IDS.map((service) => (
              <div key={service} className="space-y-2">
                <Label htmlFor={`seo-verify-${service}`}>{VERIFICATION_SERVICES[service].name}</Label>
                <Input
                  id={`seo-verify-${service}`}
                  spellCheck={false}
                  autoComplete="off"
                  placeholder={VERIFICATION_SERVICES[service].example}
                  {...form.field(`verifications.${service}`)}
                />
              </div>
            ))}
          </div>
        </Card>

        <div className="flex flex-wrap items-center justify-end gap-3">
          {dirty && <span className="text-sm text-muted">You have unsaved changes.</span>}
          <Button type="button" variant="outline" disabled={!dirty || save.isPending} onClick={() => form.reset(editable(saved))}>
            Discard changes
          </Button>
          <Button type="submit" disabled={!dirty || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save SEO settings'}
          </Button>
        </div>
      </div>

      <aside className="order-first xl:sticky xl:top-24 xl:order-none xl:self-start" aria-labelledby="seo-checks-title">
        <Card className="space-y-4" data-testid="seo-checks">
          <h2 id="seo-checks-title" className="text-lg font-semibold">
            Checks
          </h2>
          {checks.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-emerald-300">
              <CheckCircle2 className="size-4" aria-hidden="true" /> Nothing holds your page back.
            </p>
          ) : (
            <ul className="space-y-3">
              {checks.map((check) => (
                <li key={check.id} className="flex gap-2.5 text-sm" data-check={check.id}>
                  {check.level === 'problem' ? (
                    <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-300" aria-label="Problem" />
                  ) : (
                    <Info className="mt-0.5 size-4 shrink-0 text-sky-300" aria-label="Advice" />
                  )}
                  <span>
                    <span className="text-zinc-100">{check.message}</span> <span className="text-zinc-400">{check.fix}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-muted">
            The checks follow your edits before you save. Link titles are changed in{' '}
            <Link to="/dashboard?tab=links" className="text-primary-text underline underline-offset-2">
              Manage Links
            </Link>
            .
          </p>
        </Card>
      </aside>
    </form>
  );
}

/** The share image: upload one (cropped to the cards' shape by the server), replace it, or go back to the drawn one. */
function ShareImageField({
  image,
  size,
  onUploaded,
  onRemove,
}: {
  image: string;
  size: { width: number; height: number };
  onUploaded: (image: { url: string; width: number; height: number }) => void;
  onRemove: () => void;
}) {
  const [progress, setProgress] = useState(0);
  const upload = useUploadShareImage(setProgress);
  const choose = (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    void upload.run(file, {
      success: false,
      onSuccess: ({ url, width, height }) => onUploaded({ url, width: width ?? 0, height: height ?? 0 }),
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="w-full text-sm font-medium" id="seo-share-image-label">
        Share image
      </span>
      <label
        className={cn(
          'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-border px-4 text-sm font-medium focus-within:ring-2 focus-within:ring-primary hover:border-primary/60 sm:min-h-9',
          upload.isPending && 'pointer-events-none opacity-60',
        )}
      >
        <ImagePlus className="size-4" aria-hidden="true" />
        {upload.isPending ? `Uploading... ${progress}%` : image ? 'Replace image' : 'Upload an image'}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          aria-describedby="seo-share-image-label seo-share-image-hint"
          disabled={upload.isPending}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {image && (
        <>
          <Button type="button" variant="outline" onClick={onRemove}>
            Use the drawn image
          </Button>
          <span className="text-xs text-muted" data-testid="share-image-size">
            {size.width} × {size.height}
          </span>
        </>
      )}
      <p id="seo-share-image-hint" className="w-full text-xs text-muted">
        Cropped to 1200 × 630, the shape cards show; PNG, JPG, WebP or GIF up to 5 MB.
      </p>
    </div>
  );
}

/** A short fingerprint of a text (FNV-1a, 32 bits, base 36): not a secret, only a new name when the text changes. */
function textHashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
