import { DISCORD_PRESENCE_OFF } from '#shared/discord.ts';
import { useMemo } from 'react';
import { announceDraftChange } from './customize-draft.ts';
import { droppedCustomCss } from '#shared/custom-css.ts';
import { parseHex, relativeLuminance } from '#shared/contrast.ts';
import { Code2, Image, LayoutTemplate, Lock, MessageCircle, MousePointerClick, Palette, Sparkles, Type } from 'lucide-react';
import { DEFAULT_PLAN_LIMITS, plansAllowing } from '#shared/plans.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { planLookNote } from '#shared/plan-look.ts';
import { PlanLockNote } from '#web/features/purchases/plan-lock-note.tsx';
import { toast } from '#web/lib/toast.ts';
import {
  ANIMATION_TYPES,
  BACKGROUND_DIRECTIONS,
  BACKGROUND_EFFECTS,
  BACKGROUND_FILTERS,
  BACKGROUND_PATTERNS,
  BACKGROUND_TYPES,
  BIO_POSITIONS,
  BUTTON_STYLES,
  CUSTOM_CSS_MAX_LENGTH,
  type Customization,
  type CustomizationUpdate,
  FONT_NAMES,
  GLOW_SETTINGS,
  HOVER_EFFECTS,
  INTENSITIES,
  LINK_BUTTON_ANIMATIONS,
  LINK_BUTTON_SHAPES,
  NAMED_GRADIENTS,
  type NamedGradient,
  PARTICLE_TYPES,
  PROFILE_IMAGE_SHAPES,
  RING_STYLES,
  RING_THICKNESSES,
  SLIDERS,
  SPACINGS,
  TEXT_TRANSFORMS,
  USERNAME_EFFECTS,
  USERNAME_POSITIONS,
  CUSTOMIZATION_DEFAULTS,
  fontFamilyOf,
} from '#shared/customization.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/utils.ts';
import { FontStylesheet } from '#web/components/font-stylesheet.tsx';
import { AvatarUploader } from '#web/components/avatar-uploader.tsx';
import { ChoiceField, ColorField, Section, SelectField, SliderField, ToggleField, labelOf, optionsOf } from './controls.tsx';
import { ButtonTextContrast, OwnColourLinks, PageTextContrast } from './contrast-checks.tsx';
import { MediaField } from './media-field.tsx';
import { LayoutPicker } from './layout-picker.tsx';
import { QuickThemes, useThemeLock } from './quick-themes.tsx';

interface PanelProps {
  draft: Customization;
  update: (fields: CustomizationUpdate) => void;
  saveNow: (fields: CustomizationUpdate) => Promise<void>;
  user: CurrentUser;
}

/** A field bound to the draft: its value and a setter. */
function bind<Field extends keyof Customization>({ draft, update }: PanelProps, field: Field) {
  return { value: draft[field], onChange: (value: Customization[Field]) => update({ [field]: value } as CustomizationUpdate) };
}
function bindFlag({ draft, update }: PanelProps, field: keyof Customization) {
  return { checked: draft[field] as boolean, onChange: (value: boolean) => update({ [field]: value } as CustomizationUpdate) };
}

const LIGHT_PAGE_TEXT = '#18181B';
const DARK_PAGE_TEXT = CUSTOMIZATION_DEFAULTS.textColor;

/** Whether a hex colour is light (its relative luminance above the middle grey's). */
function isLightColour(hex: string): boolean {
  return relativeLuminance(parseHex(hex)) > 0.18;
}

/** Dark mode on or off, and the text colour with it when it would be unreadable on the new page. */
function darkModeChange(draft: Customization, darkMode: boolean): CustomizationUpdate {
  const light = isLightColour(draft.textColor);
  if (!darkMode && light) return { darkMode, textColor: LIGHT_PAGE_TEXT };
  if (darkMode && !light) return { darkMode, textColor: DARK_PAGE_TEXT };
  return { darkMode };
}

function AssetsPanel(props: PanelProps) {
  const { draft, saveNow, user } = props;
  // A background image is a background of one's own (issue 33): locked on a plan without every theme, unless one is kept.
  const themeLock = useThemeLock(user.plan);
  return (
    <>
      <Section title="Avatar" hint="Your profile picture, cropped square.">
        <div className="sm:col-span-2">
          <AvatarUploader
            name={user.displayName || user.username}
            current={user.profileImage}
            showStatus={false}
            onSaved={(url) => toast.success(url ? 'Avatar uploaded!' : 'Avatar removed!')}
          />
        </div>
      </Section>
      <Section title="Background image" hint="Shown behind your page when the background type is Image.">
        {themeLock.locked && !draft.backgroundImage ? (
          <PlanLockNote note={themeLock.note(draft)} className="sm:col-span-2" />
        ) : (
          <MediaField
            kind="background"
            label="Background image"
            value={draft.backgroundImage}
            onSave={(url) =>
              saveNow(
                url
                  ? { backgroundImage: url, backgroundType: 'image' }
                  : { backgroundImage: '', backgroundType: draft.backgroundType === 'image' ? 'gradient' : draft.backgroundType },
              )
            }
            uploadedMessage="Background uploaded!"
            removedMessage="Background removed!"
          />
        )}
      </Section>
      <Section title="Background music" hint="A player on your page; it only plays when a visitor presses play.">
        <MediaField
          kind="audio"
          label="Music"
          value={draft.audioFile}
          onSave={(url) => saveNow({ audioFile: url })}
          uploadedMessage="Music uploaded!"
          removedMessage="Music removed!"
        />
      </Section>
      <Section title="Custom cursor" hint="Replaces the mouse pointer on your page.">
        <MediaField
          kind="cursor"
          label="Cursor image"
          value={draft.customCursor}
          onSave={(url) => saveNow({ customCursor: url })}
          uploadedMessage="Cursor uploaded!"
          removedMessage="Cursor removed!"
        />
      </Section>
    </>
  );
}

function ColorsPanel(props: PanelProps) {
  const { draft, update, user } = props;
  // A plan without every theme keeps to the basic ones (issue 33): the theme's own controls are shown locked; a choice kept from another plan stays shown.
  const themeLock = useThemeLock(user.plan);
  const lockedGradients = new Set(
    themeLock.locked
      ? (Object.keys(NAMED_GRADIENTS) as NamedGradient[]).filter(
          (id) => id !== CUSTOMIZATION_DEFAULTS.backgroundGradient && id !== draft.backgroundGradient,
        )
      : [],
  );
  const lockedBackgrounds = new Set(
    themeLock.locked
      ? BACKGROUND_TYPES.filter((type) => type !== CUSTOMIZATION_DEFAULTS.backgroundType && type !== draft.backgroundType)
      : [],
  );
  return (
    <>
      <Section title="Quick themes" hint="A primary colour and a background gradient in one click.">
        <div className="sm:col-span-2">
          <QuickThemes plan={user.plan} look={draft} onApply={update} />
        </div>
        <div className="sm:col-span-2">
          <OwnColourLinks draft={draft} userId={user.id} />
        </div>
      </Section>
      <Section title="Background gradients">
        <div className="grid grid-cols-3 gap-2 sm:col-span-2 sm:grid-cols-4 lg:grid-cols-6">
          {(Object.entries(NAMED_GRADIENTS) as [NamedGradient, (typeof NAMED_GRADIENTS)[NamedGradient]][]).map(([id, gradient]) => (
            <button
              key={id}
              type="button"
              aria-pressed={draft.backgroundGradient === id}
              disabled={lockedGradients.has(id)}
              onClick={() => {
                update({ backgroundGradient: id, backgroundType: 'gradient' });
                announceDraftChange(`The ${gradient.name} gradient`);
              }}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border p-2 text-xs text-zinc-300 hover:border-primary/60 hover:text-white',
                draft.backgroundGradient === id ? 'border-primary' : 'border-border',
                'disabled:cursor-not-allowed disabled:border-dashed disabled:text-zinc-400 disabled:hover:border-border',
              )}
            >
              <span
                className={cn('h-10 w-full rounded-lg', lockedGradients.has(id) && 'opacity-50')}
                style={{ background: `linear-gradient(135deg, ${gradient.stops.join(', ')})` }}
              />
              <span>
                {lockedGradients.has(id) && <Lock className="me-1 inline size-3 align-[-1px]" aria-hidden="true" />}
                {gradient.name}
                {lockedGradients.has(id) && <span className="sr-only"> ({themeLock.plans})</span>}
              </span>
            </button>
          ))}
        </div>
      </Section>
      <Section title="Colours">
        <ColorField label="Primary colour" locked={themeLock.locked} {...bind(props, 'primaryColor')} />
        <ColorField label="Secondary colour" locked={themeLock.locked} {...bind(props, 'secondaryColor')} />
        <ColorField label="Accent colour" {...bind(props, 'accentColor')} />
        <ColorField label="Text colour" {...bind(props, 'textColor')} />
        <ColorField label="Icon colour" {...bind(props, 'iconColor')} />
        {themeLock.locked && (
          <p className="text-sm text-muted sm:col-span-2">
            The primary and secondary colours come from your theme: pick one of the basic themes above. Colours of your own come with{' '}
            {themeLock.plans}.
          </p>
        )}
        <PageTextContrast draft={draft} update={update} />
        <ButtonTextContrast draft={draft} update={update} userId={user.id} themeLocked={themeLock.locked} />
      </Section>
      <Section title="Background">
        <ChoiceField
          label="Background type"
          options={optionsOf(BACKGROUND_TYPES)}
          disabled={lockedBackgrounds}
          {...bind(props, 'backgroundType')}
        />
        <SelectField label="Gradient direction" options={optionsOf(BACKGROUND_DIRECTIONS)} {...bind(props, 'backgroundDirection')} />
        <SliderField label="Background opacity" unit="%" range={SLIDERS.opacity} {...bind(props, 'backgroundOpacity')} />
        <SliderField label="Background blur" unit="px" range={SLIDERS.blur} {...bind(props, 'backgroundBlur')} />
        <SelectField label="Background filter" options={optionsOf(BACKGROUND_FILTERS)} {...bind(props, 'backgroundFilter')} />
        <SelectField label="Pattern" options={optionsOf(BACKGROUND_PATTERNS)} {...bind(props, 'backgroundPattern')} />
        <ToggleField label="Colour overlay" hint="Tint the background." {...bindFlag(props, 'backgroundOverlay')} />
        <ColorField label="Overlay colour" {...bind(props, 'backgroundOverlayColor')} />
        <SliderField label="Overlay opacity" unit="%" range={SLIDERS.opacity} {...bind(props, 'backgroundOverlayOpacity')} />
      </Section>
    </>
  );
}

function TextPanel(props: PanelProps) {
  const { draft, user } = props;
  const limits = useSiteFeatures()?.planLimits ?? DEFAULT_PLAN_LIMITS;
  // Free draws the page in the default font (issue 33): the others are shown locked; one kept from another plan stays chosen.
  const lockedFonts = new Set(
    limits[user.plan].customFonts ? [] : FONT_NAMES.filter((name) => name !== CUSTOMIZATION_DEFAULTS.font && name !== draft.font),
  );
  const fontPlans = plansAllowing(limits, (plan) => plan.customFonts);
  return (
    <>
      <Section title="Font" hint="Served with your page by this site: visitors load only your font.">
        <SelectField
          label="Font"
          options={FONT_NAMES.map((name) => [name, lockedFonts.has(name) ? `${name} (${fontPlans})` : name] as const)}
          disabled={lockedFonts}
          {...bind(props, 'font')}
        />
        <PlanLockNote note={planLookNote(limits, user.plan, 'font', draft.font)} className="sm:col-span-2" />
        <FontStylesheet font={draft.font} />
        <p className="self-end rounded-xl border border-border px-4 py-3 text-lg" style={{ fontFamily: fontFamilyOf(draft.font) }}>
          The quick brown fox
        </p>
        <SliderField label="Font size" unit="px" range={SLIDERS.fontSize} {...bind(props, 'fontSize')} />
        <SliderField label="Font weight" range={SLIDERS.fontWeight} {...bind(props, 'fontWeight')} />
        <SliderField label="Line height" range={SLIDERS.lineHeight} {...bind(props, 'lineHeight')} />
        <SliderField label="Letter spacing" unit="px" range={SLIDERS.letterSpacing} {...bind(props, 'letterSpacing')} />
        <ChoiceField label="Text transform" options={optionsOf(TEXT_TRANSFORMS)} wide {...bind(props, 'textTransform')} />
      </Section>
      <Section title="Glow and shadow">
        <ToggleField label="Text glow" {...bindFlag(props, 'textGlow')} />
        <ColorField label="Glow colour" {...bind(props, 'textGlowColor')} />
        <ToggleField label="Text shadow" {...bindFlag(props, 'textShadow')} />
      </Section>
    </>
  );
}

function ButtonsPanel(props: PanelProps) {
  const themeLock = useThemeLock(props.user.plan);
  return (
    <>
      <Section title="Style">
        <ChoiceField label="Button style" options={optionsOf(BUTTON_STYLES)} wide {...bind(props, 'buttonStyle')} />
        <ChoiceField label="Shape" options={optionsOf(LINK_BUTTON_SHAPES)} {...bind(props, 'linkButtonShape')} />
        <SliderField label="Corner radius" unit="px" range={SLIDERS.buttonBorderRadius} {...bind(props, 'buttonBorderRadius')} />
        <SliderField label="Button opacity" unit="%" range={SLIDERS.opacity} {...bind(props, 'buttonOpacity')} />
        <SliderField label="Border width" unit="px" range={SLIDERS.buttonBorderWidth} {...bind(props, 'buttonBorderWidth')} />
        <ColorField label="Border colour" {...bind(props, 'buttonBorderColor')} />
        <ToggleField label="Swap box colours" hint="Light buttons with coloured icons." {...bindFlag(props, 'swapBoxColors')} />
        <ToggleField label="Monochrome icons" {...bindFlag(props, 'monochromeIcons')} />
        <ButtonTextContrast draft={props.draft} update={props.update} userId={props.user.id} themeLocked={themeLock.locked} />
      </Section>
      <Section title="Depth and motion">
        <ToggleField label="Shadow" {...bindFlag(props, 'buttonShadow')} />
        <SliderField label="Shadow intensity" unit="%" range={SLIDERS.shadowIntensity} {...bind(props, 'shadowIntensity')} />
        <ToggleField label="Glow" hint="A glow in your primary colour." {...bindFlag(props, 'buttonGlow')} />
        <SliderField label="Glass blur" unit="px" range={SLIDERS.blur} {...bind(props, 'blurAmount')} />
        <ToggleField label="Hover effects" {...bindFlag(props, 'hoverEffects')} />
        <SelectField label="Hover effect" options={optionsOf(HOVER_EFFECTS)} {...bind(props, 'buttonHoverEffect')} />
        <SelectField label="Button animation" options={optionsOf(LINK_BUTTON_ANIMATIONS)} {...bind(props, 'linkButtonAnimation')} />
      </Section>
    </>
  );
}

function LayoutPanel(props: PanelProps) {
  const { draft, update, user } = props;
  const limits = useSiteFeatures()?.planLimits ?? DEFAULT_PLAN_LIMITS;
  const themeLock = useThemeLock(user.plan);
  return (
    <>
      <Section title="Page">
        <LayoutPicker user={user} draft={draft} limits={limits} onChange={(profileLayout) => update({ profileLayout })} />
        <PlanLockNote note={planLookNote(limits, user.plan, 'profileLayout', draft.profileLayout)} className="sm:col-span-2" />
        <ChoiceField label="Spacing" options={optionsOf(SPACINGS)} {...bind(props, 'spacing')} />
        <SliderField label="Page width" unit="px" range={SLIDERS.containerMaxWidth} {...bind(props, 'containerMaxWidth')} />
        <SliderField label="Space between links" unit="px" range={SLIDERS.cardSpacing} {...bind(props, 'cardSpacing')} />
        <SliderField label="Card padding" unit="px" range={SLIDERS.cardPadding} {...bind(props, 'cardPadding')} />
        <SliderField label="Card radius" unit="px" range={SLIDERS.cardBorderRadius} {...bind(props, 'cardBorderRadius')} />
        <SliderField label="Profile opacity" unit="%" range={SLIDERS.opacity} {...bind(props, 'profileOpacity')} />
        <SliderField label="Profile blur" unit="px" range={SLIDERS.profileBlur} {...bind(props, 'profileBlur')} />
      </Section>
      <Section title="What shows">
        <ToggleField label="Profile image" {...bindFlag(props, 'showProfileImage')} />
        <ToggleField label="Username" {...bindFlag(props, 'showUsername')} />
        <ToggleField label="Bio" {...bindFlag(props, 'showBio')} />
        <ToggleField
          label="Social icons"
          hint="Links marked as icons show in a row under your bio."
          {...bindFlag(props, 'showSocialIcons')}
        />
        <SelectField label="Username position" options={optionsOf(USERNAME_POSITIONS)} {...bind(props, 'usernamePosition')} />
        <SelectField label="Bio position" options={optionsOf(BIO_POSITIONS)} {...bind(props, 'bioPosition')} />
        <TextField
          label="Location"
          max={50}
          placeholder="My Location"
          value={props.draft.location}
          onChange={(location) => update({ location })}
        />
      </Section>
      <Section title="Profile image">
        <ChoiceField label="Shape" options={optionsOf(PROFILE_IMAGE_SHAPES)} {...bind(props, 'profileImageShape')} />
        <SliderField label="Size" unit="px" range={SLIDERS.profileImageSize} {...bind(props, 'profileImageSize')} />
        <ToggleField label="Border" {...bindFlag(props, 'profileImageBorder')} />
        <SliderField label="Border width" unit="px" range={SLIDERS.profileImageBorderWidth} {...bind(props, 'profileImageBorderWidth')} />
        <ColorField label="Border colour" locked={themeLock.locked} {...bind(props, 'profileImageBorderColor')} />
        <SelectField label="Ring thickness" options={optionsOf(RING_THICKNESSES)} {...bind(props, 'profileRingThickness')} />
        <SelectField label="Ring style" options={optionsOf(RING_STYLES)} {...bind(props, 'profileRingStyle')} />
        <ColorField label="Ring colour" locked={themeLock.locked} {...bind(props, 'profileRingColor')} />
        {themeLock.locked && (
          <p className="text-sm text-muted sm:col-span-2">
            The border and ring follow your theme&apos;s primary colour; colours of your own come with {themeLock.plans}.
          </p>
        )}
      </Section>
    </>
  );
}

function EffectsPanel(props: PanelProps) {
  return (
    <>
      <Section title="Animation" hint="Visitors who ask their device for less motion never see these.">
        <SelectField label="Animation" options={optionsOf(ANIMATION_TYPES)} {...bind(props, 'animationType')} />
        <SliderField label="Animation speed" unit="s" range={SLIDERS.animationSpeed} {...bind(props, 'animationSpeed')} />
        <SliderField label="Animation delay" unit="s" range={SLIDERS.animationDelay} {...bind(props, 'animationDelay')} />
      </Section>
      <Section title="Background effect" hint="Particles move on the page itself; the preview shows them still.">
        <SelectField label="Effect" options={optionsOf(BACKGROUND_EFFECTS)} {...bind(props, 'backgroundEffect')} />
        {props.draft.backgroundEffect === 'particles' && (
          <>
            <SelectField label="Particles" options={optionsOf(PARTICLE_TYPES)} {...bind(props, 'particleType')} />
            <SelectField label="Density" options={optionsOf(INTENSITIES)} {...bind(props, 'particleDensity')} />
            <SliderField label="Particle count" range={SLIDERS.particleCount} {...bind(props, 'particleCount')} />
            <SliderField label="Particle speed" unit="x" range={SLIDERS.particleSpeed} {...bind(props, 'particleSpeed')} />
          </>
        )}
      </Section>
      <Section title="Name and glow">
        <SelectField label="Name effect" options={optionsOf(USERNAME_EFFECTS)} {...bind(props, 'usernameEffects')} />
        <SelectField label="Glow on" options={optionsOf(GLOW_SETTINGS)} {...bind(props, 'glowSettings')} />
        <ToggleField label="Name glow" {...bindFlag(props, 'usernameGlow')} />
        <ColorField label="Name glow colour" {...bind(props, 'usernameGlowColor')} />
        <SelectField label="Name glow intensity" options={optionsOf(INTENSITIES)} {...bind(props, 'usernameGlowIntensity')} />
        <ToggleField label="Border glow" hint="A glow around your picture and card." {...bindFlag(props, 'borderGlow')} />
        <ToggleField label="Animated tab title" hint="Your name types itself in the browser tab." {...bindFlag(props, 'animatedTitle')} />
      </Section>
    </>
  );
}

function DiscordPanel(props: PanelProps) {
  const { draft, update } = props;
  const outbound = useSiteFeatures()?.outbound ?? true;
  return (
    <Section
      title="Discord"
      hint="Your Discord user id: 17 to 20 digits (in Discord: Settings, Advanced, Developer Mode on, then right-click your name and Copy User ID). With presence on, your page shows your status and what you are playing, refreshed every 30 seconds by this site (visitors never contact Discord)."
    >
      {!outbound && <p className="text-sm text-amber-200 sm:col-span-2">{DISCORD_PRESENCE_OFF}</p>}
      <TextField
        label="Discord user id"
        max={20}
        placeholder="123456789012345678"
        value={draft.discordUserId}
        onChange={(discordUserId) => update({ discordUserId: discordUserId.replace(/\D/g, '') })}
      />
      <ToggleField label="Show presence" {...bindFlag(props, 'discordPresence')} />
      <ToggleField label="Use Discord avatar" hint="Your Discord picture in the card." {...bindFlag(props, 'useDiscordAvatar')} />
      <ToggleField label="Avatar decoration" hint="Its Discord decoration around it." {...bindFlag(props, 'discordAvatarDecoration')} />
    </Section>
  );
}

/** What of the custom CSS the page leaves out, and why: the sanitizer's own report, as the creator types. */
function DroppedCssList({ css }: { css: string }) {
  const dropped = useMemo(() => droppedCustomCss(css), [css]);
  return (
    <div id="custom-css-dropped" aria-live="polite">
      {dropped.length > 0 && (
        <div className="rounded-xl border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
          <p className="font-medium text-amber-200">Your page leaves out:</p>
          <ul className="mt-1.5 space-y-1 text-zinc-300">
            {dropped.slice(0, 12).map((item, index) => (
              <li key={index}>
                {item.line !== null && <span className="text-muted">Line {item.line}: </span>}
                <code className="break-all rounded bg-black/30 px-1 font-mono text-xs text-zinc-100">{item.what.slice(0, 80)}</code> —{' '}
                {item.why}
              </li>
            ))}
          </ul>
          {dropped.length > 12 && <p className="mt-1 text-muted">…and {dropped.length - 12} more.</p>}
        </div>
      )}
    </div>
  );
}

function AdvancedPanel(props: PanelProps) {
  const { draft, update } = props;
  return (
    <>
      <Section
        title="Custom CSS"
        hint="Styles your profile only: rules are scoped to it, and imports, outside images, fixed overlays and scripts are removed."
      >
        <div className="space-y-2 sm:col-span-2">
          <div className="flex items-center justify-between text-sm">
            <label htmlFor="custom-css" className="font-medium text-zinc-300">
              CSS
            </label>
            <span className={cn('tabular-nums text-xs', draft.customCSS.length > CUSTOM_CSS_MAX_LENGTH ? 'text-red-400' : 'text-muted')}>
              {draft.customCSS.length.toLocaleString('en-US')}/{CUSTOM_CSS_MAX_LENGTH.toLocaleString('en-US')}
            </span>
          </div>
          <Textarea
            id="custom-css"
            rows={8}
            spellCheck={false}
            className="font-mono text-xs"
            placeholder={'.lv-link {\n  letter-spacing: 0.05em;\n}'}
            value={draft.customCSS}
            onChange={(event) => update({ customCSS: event.target.value })}
            aria-describedby="custom-css-dropped"
          />
          <DroppedCssList css={draft.customCSS} />
        </div>
        <TextField
          label="Page description"
          max={160}
          placeholder="Shown by search engines and link previews"
          value={draft.description}
          onChange={(description) => update({ description })}
          wide
        />
      </Section>
      <Section title="Accessibility">
        <ToggleField
          label="Dark mode"
          hint="Off: a light page. The text colour follows, light or dark."
          checked={draft.darkMode}
          onChange={(darkMode) => update(darkModeChange(draft, darkMode))}
        />
        <ToggleField label="Reduced motion" hint="No animation for anyone." {...bindFlag(props, 'reducedMotion')} />
        <ToggleField label="High contrast" {...bindFlag(props, 'highContrast')} />
        <ToggleField label="Colour-blind friendly" hint="Underlined link titles." {...bindFlag(props, 'colorBlindFriendly')} />
        <ToggleField label="Larger targets" hint="Taller buttons and focus rings." {...bindFlag(props, 'accessibility')} />
        <ToggleField label="Plain avatar" hint="No gradient behind the initials." {...bindFlag(props, 'disableProfileGradient')} />
      </Section>
    </>
  );
}

function TextField(props: {
  label: string;
  value: string;
  max: number;
  placeholder?: string;
  onChange: (value: string) => void;
  wide?: boolean;
}) {
  const id = `field-${labelOf(props.label).replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <div className={cn('space-y-2', props.wide && 'sm:col-span-2')}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-300">
        {props.label}
      </label>
      <Input
        id={id}
        value={props.value}
        maxLength={props.max}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

/** The eight sub-tabs of spec 000 §2, in its order. */
export const CUSTOMIZE_SECTIONS = [
  { id: 'assets', label: 'Assets', icon: Image, Panel: AssetsPanel },
  { id: 'colors', label: 'Colors', icon: Palette, Panel: ColorsPanel },
  { id: 'typography', label: 'Text', icon: Type, Panel: TextPanel },
  { id: 'buttons', label: 'Buttons', icon: MousePointerClick, Panel: ButtonsPanel },
  { id: 'layout', label: 'Layout', icon: LayoutTemplate, Panel: LayoutPanel },
  { id: 'effects', label: 'Effects', icon: Sparkles, Panel: EffectsPanel },
  { id: 'discord', label: 'Discord', icon: MessageCircle, Panel: DiscordPanel },
  { id: 'advanced', label: 'Advanced', icon: Code2, Panel: AdvancedPanel },
] as const;
