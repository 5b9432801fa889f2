import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  CUSTOM_COLOR,
  DEFAULT_LINK_COLOR,
  DEFAULT_LINK_ICON,
  HEX_COLOR_PATTERN,
  LINK_TITLE_MAX_LENGTH,
  SOCIAL_ICONS,
  type Link,
  createLinkSchema,
  linkMessages,
} from '#shared/links.ts';
import { describeZodError } from '#shared/validation.ts';
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
import { ScheduleFields, useScheduleDraft } from './schedule-fields.tsx';
import { AudienceFields, useAudienceDraft } from './audience-fields.tsx';
import type { LinkFields } from './use-links.ts';
import { ContrastNote } from '#web/components/contrast-note.tsx';

interface LinkFormProps {
  link?: Link;
  /** The profile's time zone: a schedule is written, and shown, in it. */
  timeZone: string;
  saving: boolean;
  onSave: (fields: LinkFields) => Promise<void>;
  onCancel: () => void;
}

/** A stored hex colour preselects 'custom' with that hex (spec 000 §4). */
function initialColor(color: string | undefined): { choice: string; hex: string } {
  if (color && HEX_COLOR_PATTERN.test(color)) return { choice: CUSTOM_COLOR, hex: color };
  return { choice: color ?? DEFAULT_LINK_COLOR, hex: '#8B5CF6' };
}

export function LinkForm({ link, timeZone, saving, onSave, onCancel }: LinkFormProps) {
  const [title, setTitle] = useState(link?.title ?? '');
  const [url, setUrl] = useState(link?.url ?? '');
  const [icon, setIcon] = useState(link?.icon ?? DEFAULT_LINK_ICON);
  const [customIcon, setCustomIcon] = useState<string | null>(link?.customIcon ?? null);
  const [showAsIcon, setShowAsIcon] = useState(link?.showAsIcon ?? false);
  const [ownProfile, setOwnProfile] = useState(link?.ownProfile ?? false);
  const [contentWarning, setContentWarning] = useState(link?.contentWarning ?? null);
  const [thumbnail, setThumbnail] = useState<string | null>(link?.thumbnail ?? null);
  const schedule = useScheduleDraft(link, timeZone);
  const audience = useAudienceDraft(link);
  const initial = initialColor(link?.color);
  const [colorChoice, setColorChoice] = useState(initial.choice);
  const [customHex, setCustomHex] = useState(initial.hex);
  const [error, setError] = useState<string | null>(null);
  const color = colorChoice === CUSTOM_COLOR ? customHex : colorChoice;
  // Warned at the colour, as Customize warns (issue 27): white button text on it under WCAG AA, with the page's look.
  const look = useCustomization().data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // 'custom' sends the chosen hex as the colour (spec 000 §4).
    const fields: LinkFields = {
      title,
      url,
      icon,
      customIcon,
      thumbnail,
      color,
      showAsIcon: showAsIcon && SOCIAL_ICONS.has(icon),
      ownProfile,
      contentWarning,
      ...audience.fields(),
      ...schedule.bounds(),
    };
    const parsed = createLinkSchema.safeParse(fields);
    if (!parsed.success) {
      const { message } = describeZodError(parsed.error);
      // One message per error (issue 27): the spec's toast for missing fields, the banner beside the form for the rest.
      if (message === linkMessages.missingInformation) {
        setError(null);
        toast.error('Missing information', { description: 'Please provide both a title and URL for your link.' });
      } else setError(message);
      return;
    }
    setError(null);
    await onSave(fields);
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={link ? 'Edit link' : 'Add link'}
      className="space-y-5 rounded-2xl border border-primary/40 bg-surface p-5 shadow-lg shadow-primary/10"
    >
      <FormError message={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`title-${link?.id ?? 'new'}`}>Title</Label>
          <Input
            id={`title-${link?.id ?? 'new'}`}
            value={title}
            maxLength={LINK_TITLE_MAX_LENGTH}
            placeholder="My website"
            onChange={(event) => setTitle(event.target.value)}
            autoFocus
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`url-${link?.id ?? 'new'}`}>URL</Label>
          <Input
            id={`url-${link?.id ?? 'new'}`}
            value={url}
            inputMode="url"
            placeholder="example.com"
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-zinc-300">Icon</legend>
        <IconPicker
          icon={icon}
          customIcon={customIcon}
          onChange={(nextIcon, nextCustom) => {
            setIcon(nextIcon);
            setCustomIcon(nextCustom);
          }}
        />
      </fieldset>
      <ThumbnailPicker thumbnail={thumbnail} onChange={setThumbnail} />
      {SOCIAL_ICONS.has(icon) && (
        <div className="flex items-center justify-between gap-4 rounded-xl border border-border/70 px-4 py-3">
          <div>
            <label htmlFor={`as-icon-${link?.id ?? 'new'}`} className="text-sm font-medium text-zinc-200">
              Show as an icon under your bio
            </label>
            <p className="text-xs text-muted">A round icon instead of a button, when social icons are on in Customize.</p>
          </div>
          <Switch id={`as-icon-${link?.id ?? 'new'}`} checked={showAsIcon} onCheckedChange={setShowAsIcon} />
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
        <Switch id={`own-profile-${link?.id ?? 'new'}`} checked={ownProfile} onCheckedChange={setOwnProfile} />
      </div>
      <ScheduleFields idSuffix={String(link?.id ?? 'new')} timeZone={timeZone} draft={schedule.draft} />
      <AudienceFields idSuffix={String(link?.id ?? 'new')} draft={audience.draft} />
      <ContentWarningSelect
        id={`warning-${link?.id ?? 'new'}`}
        label="Content warning"
        hint="Visitors see a warning before the link opens, and the button carries its label."
        value={contentWarning}
        onChange={setContentWarning}
        className="rounded-xl border border-border/70 px-4 py-3"
      />
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-zinc-300">Colour</legend>
        <ColorPicker choice={colorChoice} customHex={customHex} onChoiceChange={setColorChoice} onCustomHexChange={setCustomHex} />
        {look &&
          (colorChoice !== CUSTOM_COLOR || HEX_COLOR_PATTERN.test(customHex)) &&
          !(showAsIcon && SOCIAL_ICONS.has(icon)) &&
          buttonsTakeLinkColours(look) && (
            <ContrastNote
              what="Button text on this colour"
              check={checkButtonText(look, { kind: 'link', color })}
              onFix={(hex) => {
                setColorChoice(CUSTOM_COLOR);
                setCustomHex(hex);
              }}
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
