import { brandOfAddress, serviceLookOf } from '#shared/link-brands.ts';
import { toast } from '#web/lib/toast.ts';
import { useEffect, useState } from 'react';
import {
  CUSTOM_COLOR,
  THEME_COLOR,
  DEFAULT_LINK_ICON,
  HEX_COLOR_PATTERN,
  LINK_TITLE_MAX_LENGTH,
  SOCIAL_ICONS,
  type Link,
  createLinkSchema,
  linkMessages,
} from '#shared/links.ts';
import type { ContentWarning } from '#shared/content-warning.ts';
import { draftSchema } from '#web/lib/draft-schema.ts';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import { useUnsavedChanges } from '#web/lib/unsaved-changes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { buttonsTakeLinkColours, checkButtonText } from '#profile/profile-contrast.ts';
import { useCustomization } from '#web/lib/use-customization.ts';
import { ColorPicker } from './color-picker.tsx';
import { IconPicker } from './icon-picker.tsx';
import { ContentWarningSelect } from './content-warning-select.tsx';
import { ThumbnailPicker } from './thumbnail-picker.tsx';
import { ScheduleFields, type ScheduleDraft, boundsOf, scheduleDraftOf } from './schedule-fields.tsx';
import { type AudienceDraft, AudienceFields, audienceDraftOf, audienceOf } from './audience-fields.tsx';
import type { LinkFields } from './use-links.ts';
import { ContrastNote } from '#web/components/contrast-note.tsx';

interface LinkFormProps {
  link?: Link;
  /** The profile's time zone: a schedule is written, and shown, in it. */
  timeZone: string;
  saving: boolean;
  onSave: (fields: LinkFields) => Promise<unknown>;
  onCancel: () => void;
}

/** A stored hex colour preselects 'custom' with that hex (spec 000 §4). */
function initialColor(color: string | undefined): { colorChoice: string; customHex: string } {
  if (color && HEX_COLOR_PATTERN.test(color)) return { colorChoice: CUSTOM_COLOR, customHex: color };
  return { colorChoice: color ?? THEME_COLOR, customHex: '#8B5CF6' };
}

/** The link as the form holds it while it is written. */
type LinkDraft = Required<Pick<LinkFields, 'title' | 'url' | 'icon' | 'showAsIcon' | 'ownProfile'>> &
  Pick<LinkFields, 'customIcon'> & {
    thumbnail: string | null;
    contentWarning: ContentWarning | null;
    colorChoice: string;
    customHex: string;
  } & ScheduleDraft &
  AudienceDraft;

function draftOf(link: Link | undefined, timeZone: string): LinkDraft {
  return {
    title: link?.title ?? '',
    url: link?.url ?? '',
    icon: link?.icon ?? DEFAULT_LINK_ICON,
    customIcon: link?.customIcon ?? null,
    showAsIcon: link?.showAsIcon ?? false,
    ownProfile: link?.ownProfile ?? false,
    contentWarning: link?.contentWarning ?? null,
    thumbnail: link?.thumbnail ?? null,
    ...initialColor(link?.color),
    ...scheduleDraftOf(link, timeZone),
    ...audienceDraftOf(link),
  };
}

/** What is saved: 'custom' sends the chosen hex as the colour (spec 000 §4). */
function fieldsOf(draft: LinkDraft, timeZone: string): LinkFields {
  return {
    title: draft.title,
    url: draft.url,
    icon: draft.icon,
    customIcon: draft.customIcon,
    thumbnail: draft.thumbnail,
    color: draft.colorChoice === CUSTOM_COLOR ? draft.customHex : draft.colorChoice,
    showAsIcon: draft.showAsIcon && SOCIAL_ICONS.has(draft.icon),
    ownProfile: draft.ownProfile,
    contentWarning: draft.contentWarning,
    ...audienceOf(draft),
    ...boundsOf(draft, timeZone),
  };
}

export function LinkForm({ link, timeZone, saving, onSave, onCancel }: LinkFormProps) {
  const form = useSchemaForm(
    draftSchema(createLinkSchema, (draft: LinkDraft) => fieldsOf(draft, timeZone)),
    { defaultValues: draftOf(link, timeZone) },
  );
  const draft = form.watch();
  // A draft is not dropped by a tab switch or a reload without asking (issue 51).
  useUnsavedChanges(`link-${link?.id ?? 'new'}`, link ? `the link “${link.title}”` : 'the new link', form.formState.isDirty);
  const set = (change: Partial<LinkDraft>) => {
    for (const [key, value] of Object.entries(change)) form.setValue(key as keyof LinkDraft, value as never, { shouldDirty: true });
  };
  // A new link takes the icon and colour of the service its address names (issue 51), found from the
  // address alone (serviceLookOf, as the API does), until the creator picks their own. What they picked
  // is kept apart: the form's dirty state would count what the address set too.
  const [picked, setPicked] = useState({ icon: false, color: false });
  const found = link ? undefined : brandOfAddress(draft.url);
  const { icon: foundIcon, color: foundColor } = serviceLookOf({ url: draft.url });
  const { setValue, getValues } = form;
  useEffect(() => {
    if (link) return;
    // Only what changes is set: each set draws the form again.
    const change = (field: 'icon' | 'colorChoice' | 'customHex', value: string) => {
      if (getValues(field) !== value) setValue(field, value);
    };
    if (!picked.icon) change('icon', foundIcon);
    if (!picked.color) {
      change('colorChoice', foundColor === THEME_COLOR ? THEME_COLOR : CUSTOM_COLOR);
      if (foundColor !== THEME_COLOR) change('customHex', foundColor);
    }
  }, [link, setValue, getValues, foundIcon, foundColor, picked]);
  const { icon, showAsIcon, colorChoice, customHex } = draft;
  const color = colorChoice === CUSTOM_COLOR ? customHex : colorChoice;
  // Warned at the colour, as Customize warns (issue 27): white button text on it under WCAG AA, with the page's look.
  const look = useCustomization().data;

  const submit = form.handleSubmit(
    (valid) => onSave(fieldsOf(valid, timeZone)),
    // One message per error (issue 27): the spec's toast for missing fields, the banner beside the form for the rest.
    (errors) => {
      if (Object.values(errors)[0]?.message !== linkMessages.missingInformation) return;
      form.clearErrors();
      toast.error('Missing information', { description: 'Please provide both a title and URL for your link.' });
    },
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={link ? 'Edit link' : 'Add link'}
      className="space-y-5 rounded-2xl border border-primary/40 bg-surface p-5 shadow-lg shadow-primary/10"
    >
      <FormError message={form.error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`title-${link?.id ?? 'new'}`}>Title</Label>
          <Input
            id={`title-${link?.id ?? 'new'}`}
            maxLength={LINK_TITLE_MAX_LENGTH}
            placeholder="My website"
            autoFocus
            {...form.field('title')}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`url-${link?.id ?? 'new'}`}>URL</Label>
          <Input id={`url-${link?.id ?? 'new'}`} inputMode="url" placeholder="example.com" {...form.field('url')} />
          {found && !picked.icon && (
            <p className="text-xs text-muted" role="status">
              {found.name}: its icon{found.color && !picked.color ? ' and colour are' : ' is'} set below. Pick others to change them.
            </p>
          )}
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-zinc-300">Icon</legend>
        <IconPicker
          icon={icon}
          customIcon={draft.customIcon ?? null}
          onChange={(nextIcon, nextCustom) => {
            setPicked((was) => ({ ...was, icon: true }));
            set({ icon: nextIcon, customIcon: nextCustom });
          }}
        />
      </fieldset>
      <ThumbnailPicker thumbnail={draft.thumbnail} onChange={(thumbnail) => set({ thumbnail })} />
      {SOCIAL_ICONS.has(icon) && (
        <div className="flex items-center justify-between gap-4 rounded-xl border border-border/70 px-4 py-3">
          <div>
            <label htmlFor={`as-icon-${link?.id ?? 'new'}`} className="text-sm font-medium text-zinc-200">
              Show as an icon under your bio
            </label>
            <p className="text-xs text-muted">A round icon instead of a button, when social icons are on in Customize.</p>
          </div>
          <Switch id={`as-icon-${link?.id ?? 'new'}`} checked={showAsIcon} onCheckedChange={(on) => set({ showAsIcon: on })} />
        </div>
      )}
      <div className="flex items-center justify-between gap-4 rounded-xl border border-border/70 px-4 py-3">
        <div>
          <label htmlFor={`own-profile-${link?.id ?? 'new'}`} className="text-sm font-medium text-zinc-200">
            This is my own profile
          </label>
          <p className="text-xs text-muted">
            Your page names it with rel=&quot;me&quot;, so Mastodon and other sites can show that both are yours.
          </p>
        </div>
        <Switch id={`own-profile-${link?.id ?? 'new'}`} checked={draft.ownProfile} onCheckedChange={(on) => set({ ownProfile: on })} />
      </div>
      <ScheduleFields idSuffix={String(link?.id ?? 'new')} timeZone={timeZone} draft={draft} onChange={set} />
      <AudienceFields idSuffix={String(link?.id ?? 'new')} draft={draft} onChange={set} />
      <ContentWarningSelect
        id={`warning-${link?.id ?? 'new'}`}
        label="Content warning"
        hint="Visitors see a warning before the link opens, and the button carries its label."
        value={draft.contentWarning}
        onChange={(contentWarning) => set({ contentWarning })}
        className="rounded-xl border border-border/70 px-4 py-3"
      />
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-zinc-300">Colour</legend>
        <p className="text-xs text-muted">
          {colorChoice === THEME_COLOR
            ? 'Follows your theme: a new theme in Customize restyles this button too.'
            : 'A colour of its own: this button keeps it whatever theme you pick.'}
        </p>
        <ColorPicker
          choice={colorChoice}
          theme={look}
          customHex={customHex}
          onChoiceChange={(choice) => {
            setPicked((was) => ({ ...was, color: true }));
            set({ colorChoice: choice });
          }}
          onCustomHexChange={(hex) => {
            setPicked((was) => ({ ...was, color: true }));
            set({ customHex: hex });
          }}
        />
        {look &&
          (colorChoice !== CUSTOM_COLOR || HEX_COLOR_PATTERN.test(customHex)) &&
          !(showAsIcon && SOCIAL_ICONS.has(icon)) &&
          buttonsTakeLinkColours(look) && (
            <ContrastNote
              what="Button text on this colour"
              check={checkButtonText(look, { kind: 'link', color })}
              onFix={(hex) => set({ colorChoice: CUSTOM_COLOR, customHex: hex })}
            />
          )}
      </fieldset>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : link ? 'Save changes' : 'Add link'}
        </Button>
      </div>
    </form>
  );
}
