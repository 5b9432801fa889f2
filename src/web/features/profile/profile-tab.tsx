import { Moon, Palette, Sun, UserRound } from 'lucide-react';
import { LanguageOptions } from '#web/components/ui/language-options.tsx';
import type { PathValue } from 'react-hook-form';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#web/lib/toast.ts';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, type DashboardTheme, NEW_LINK_DAYS } from '#shared/constants.ts';
import { type ProfileFormInput, type ProfileSettings, profileFormSchema, profileSettingsMessages } from '#shared/profile-settings.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LANGUAGES, type Language } from '#shared/i18n/languages.ts';
import { Input, Label, Select, Textarea } from '#web/components/ui/input.tsx';
import { LoadError, LoadingState } from '#web/components/ui/query-status.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useSchemaForm } from '#web/lib/use-schema-form.ts';
import type { DashboardTab } from '#web/lib/constants.ts';
import { accountMessages } from '#shared/account.ts';
import type { MailDelivery } from '#shared/mail.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import { cn } from '#web/lib/utils.ts';
import { ContentWarningSelect } from '#web/features/links/content-warning-select.tsx';
import { useUnsavedChanges } from '#web/lib/unsaved-changes.ts';
import { QuickThemes } from '#web/features/customization/quick-themes.tsx';
import { useCustomization } from '#web/lib/use-customization.ts';
import { AvatarUploader } from '#web/components/avatar-uploader.tsx';
import { UsernameField } from './username-field.tsx';
import { useProfileSettings, useUpdateProfile } from '#web/lib/use-profile-settings.ts';
import type { Translate } from '#shared/i18n/translate.ts';
import { partsAround, useAppWords, useSiteMessages } from '#web/lib/site-words.ts';
import type { MessageDescriptor } from '@lingui/core';

const words = {
  loading: /*i18n*/ { id: 'app.profile.loading', message: 'Loading settings...' },
  failed: /*i18n*/ { id: 'app.profile.failed', message: 'Your settings could not be loaded.' },
  sections: /*i18n*/ { id: 'app.profile.sections', message: 'Profile settings sections' },
  profile: /*i18n*/ { id: 'app.profile.profile', message: 'Profile' },
  appearance: /*i18n*/ { id: 'app.profile.appearance', message: 'Appearance' },
  quickThemes: /*i18n*/ { id: 'app.profile.quickThemes', message: 'Quick themes' },
  quickThemesText: /*i18n*/ {
    id: 'app.profile.quickThemesText',
    message: 'One click sets your page’s colours and background. Fine-tune everything in Customize.',
  },
  openCustomize: /*i18n*/ { id: 'app.profile.openCustomize', message: 'Open Customize' },
  neverShown: /*i18n*/ { id: 'app.profile.neverShown', message: 'Never shown on your page.' },
  emailNone: /*i18n*/ {
    id: 'app.profile.emailNone',
    message: 'We mail a link to confirm it; a confirmed address can reset your password. Never shown on your page.',
  },
  emailConfirmed: /*i18n*/ {
    id: 'app.profile.emailConfirmed',
    message: 'Confirmed: it can receive password resets and the weekly summary. Never shown on your page.',
  },
  emailUnconfirmed: /*i18n*/ {
    id: 'app.profile.emailUnconfirmed',
    message: 'Unconfirmed: open the link we mailed to it (Account can send it again). Until then nothing is sent to it.',
  },
  work: /*i18n*/ { id: 'app.profile.work', message: 'Profile Settings' },
  pictureUpdated: /*i18n*/ { id: 'app.profile.pictureUpdated', message: 'Profile picture updated' },
  pictureRemoved: /*i18n*/ { id: 'app.profile.pictureRemoved', message: 'Profile picture removed' },
  picture: /*i18n*/ { id: 'app.profile.picture', message: 'Profile picture' },
  displayName: /*i18n*/ { id: 'app.profile.displayName', message: 'Display name' },
  bio: /*i18n*/ { id: 'app.profile.bio', message: 'Bio' },
  bioPlaceholder: /*i18n*/ { id: 'app.profile.bioPlaceholder', message: 'Tell visitors who you are in a sentence or two.' },
  email: /*i18n*/ { id: 'app.profile.email', message: 'Email' },
  emailPlaceholder: /*i18n*/ { id: 'app.profile.emailPlaceholder', message: 'you@example.com' },
  dashboardAndPage: /*i18n*/ { id: 'app.profile.dashboardAndPage', message: 'Dashboard and page' },
  dashboardTheme: /*i18n*/ { id: 'app.profile.dashboardTheme', message: 'Dashboard theme' },
  dark: /*i18n*/ { id: 'app.profile.dark', message: 'Dark' },
  light: /*i18n*/ { id: 'app.profile.light', message: 'Light' },
  contentWarning: /*i18n*/ { id: 'app.profile.contentWarning', message: 'Content warning' },
  contentWarningHint: /*i18n*/ {
    id: 'app.profile.contentWarningHint',
    message: 'Visitors see a warning first and choose to go on; search engines and link previews see only the warning.',
  },
  pageLanguage: /*i18n*/ { id: 'app.profile.pageLanguage', message: 'Page language' },
  pageLanguageHint: /*i18n*/ {
    id: 'app.profile.pageLanguageHint',
    message:
      'The words of your page you did not write (Share, Subscribe, its warnings and notices) are in this language. What you wrote stays as you wrote it.',
  },
  sameAsAccount: /*i18n*/ { id: 'app.profile.sameAsAccount', message: 'Same as your account ({language})' },
  sameAsOwner: /*i18n*/ { id: 'app.profile.sameAsOwner', message: 'Same as its owner’s account' },
  saving: /*i18n*/ { id: 'app.profile.saving', message: 'Saving...' },
  save: /*i18n*/ { id: 'app.profile.save', message: 'Save Changes' },
  aboutPage: /*i18n*/ { id: 'app.profile.aboutPage', message: 'About your page' },
  yourPage: /*i18n*/ { id: 'app.profile.yourPage', message: 'Your page' },
  yourPageText: /*i18n*/ {
    id: 'app.profile.yourPageText',
    message: 'Visitors find you at {address}. Your name, picture and bio appear at the top of it.',
  },
  showViews: /*i18n*/ { id: 'app.profile.showViews', message: 'Show views' },
  showViewsHint: /*i18n*/ {
    id: 'app.profile.showViewsHint',
    message: 'Show how many times your page has been viewed (updated every minute or two).',
  },
  showUpdated: /*i18n*/ { id: 'app.profile.showUpdated', message: 'Show last update' },
  showUpdatedHint: /*i18n*/ { id: 'app.profile.showUpdatedHint', message: 'Say on your page the day it last changed.' },
  markNewLinks: /*i18n*/ { id: 'app.profile.markNewLinks', message: 'Mark new links' },
  markNewLinksHint: /*i18n*/ {
    id: 'app.profile.markNewLinksHint',
    message: 'Put a “New” pill on links added in the last {days, plural, one {# day} other {# days}}.',
  },
  openInBrowser: /*i18n*/ { id: 'app.profile.openInBrowser', message: 'Offer to leave in-app browsers' },
  openInBrowserHint: /*i18n*/ {
    id: 'app.profile.openInBrowserHint',
    message: 'Opened inside Instagram, TikTok or another app’s browser, your page offers to open in the visitor’s own browser.',
  },
} as const;

/** The Profile tab (spec 000 §2): sub-tabs Profile and Appearance. */
export function ProfileTab({ user, onTabChange }: { user: CurrentUser; onTabChange: (tab: DashboardTab) => void }) {
  const settings = useProfileSettings();
  const look = useCustomization();
  const t = useAppWords();
  if (settings.isPending) return <LoadingState label={t(words.loading)} />;
  if (settings.isError) return <LoadError title={t(words.failed)} onRetry={() => void settings.refetch()} />;
  return (
    <Tabs defaultValue="profile">
      <TabsList aria-label={t(words.sections)} className="w-fit">
        <TabsTrigger value="profile">
          <UserRound aria-hidden="true" /> {t(words.profile)}
        </TabsTrigger>
        <TabsTrigger value="appearance">
          <Palette aria-hidden="true" /> {t(words.appearance)}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="profile">
        <ProfileSettingsForm user={user} settings={settings.data} />
      </TabsContent>
      <TabsContent value="appearance">
        <Card>
          <h2 className="text-lg font-semibold">{t(words.quickThemes)}</h2>
          <p className="mt-1 text-sm text-muted">{t(words.quickThemesText)}</p>
          <div className="mt-5">
            <QuickThemes plan={user.plan} look={look.data} />
          </div>
          <Button variant="outline" className="mt-6" onClick={() => onTabChange('customize')}>
            <Palette /> {t(words.openCustomize)}
          </Button>
        </Card>
      </TabsContent>
    </Tabs>
  );
}

/** What the address is for on this site, and whether it is confirmed (issue 28: nothing claims mail that is not sent). */
function emailHint(t: Translate, say: (message: string) => string, settings: ProfileSettings, mail: MailDelivery | undefined): string {
  if (mail === 'held' && !settings.emailConfirmed) return `${say(accountMessages.mailHeld)} ${t(words.neverShown)}`;
  if (!settings.email) return t(words.emailNone);
  if (settings.emailConfirmed) return t(words.emailConfirmed);
  return t(words.emailUnconfirmed);
}

function ProfileSettingsForm({ user, settings }: { user: CurrentUser; settings: ProfileSettings }) {
  const updateProfile = useUpdateProfile();
  const features = useSiteFeatures();
  const t = useAppWords();
  const say = useSiteMessages();
  const form = useSchemaForm(profileFormSchema, {
    defaultValues: {
      displayName: settings.displayName,
      bio: settings.bio,
      email: settings.email ?? '',
      theme: settings.theme,
      showViews: settings.showViews,
      showUpdated: settings.showUpdated,
      markNewLinks: settings.markNewLinks,
      openInBrowserBar: settings.openInBrowserBar,
      contentWarning: settings.contentWarning,
      pageLanguage: settings.pageLanguage,
    },
  });
  const values = form.watch();
  // Sent here to add an address (Account → Add email, the way to password recovery): the field, in view and focused.
  const [searchParams] = useSearchParams();
  const focusField = searchParams.get('focus');
  useEffect(() => {
    if (focusField !== 'email') return;
    const field = document.getElementById('profile-email');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  }, [focusField]);
  // The theme saves at once; the other fields wait for Save Changes.
  const dirty =
    values.displayName !== settings.displayName ||
    values.bio !== settings.bio ||
    values.email !== (settings.email ?? '') ||
    values.contentWarning !== settings.contentWarning ||
    values.pageLanguage !== settings.pageLanguage ||
    PAGE_SWITCHES.some(({ field }) => values[field] !== settings[field]);
  useUnsavedChanges('profile', t(words.work), dirty);
  const set = <Key extends keyof ProfileFormInput>(key: Key, value: ProfileFormInput[Key]) =>
    form.setValue(key, value as PathValue<ProfileFormInput, Key>);

  const submit = form.handleSubmit((input) =>
    updateProfile.run(input, {
      form,
      success: (saved) => {
        const newAddress = saved.email && saved.email.toLowerCase() !== (settings.email ?? '').toLowerCase();
        return {
          title: profileSettingsMessages.settingsSaved,
          description: newAddress ? accountMessages.confirmationSent(saved.email!, features?.mail) : undefined,
        };
      },
    }),
  );

  /** The dashboard theme applies at once, and is saved at once. */
  const chooseTheme = (theme: DashboardTheme) => {
    set('theme', theme);
    return updateProfile.run({ theme }, { onFailure: () => set('theme', settings.theme) });
  };

  const [pageBefore, pageAfter] = partsAround(t, words.yourPageText, 'address');
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[1fr_320px]">
      <div className="min-w-0 space-y-6">
        <Card>
          <h2 className="text-lg font-semibold">{t(words.picture)}</h2>
          <div className="mt-4">
            <AvatarUploader
              name={values.displayName || settings.username}
              current={settings.profileImage}
              showStatus={false}
              onSaved={(url) => toast.success(t(url ? words.pictureUpdated : words.pictureRemoved))}
            />
          </div>
        </Card>
        <Card>
          <UsernameField key={settings.username} settings={settings} />
        </Card>
        <Card>
          <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
            <div className="space-y-2">
              <Label htmlFor="profile-displayName">{t(words.displayName)}</Label>
              <Input
                id="profile-displayName"
                maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
                placeholder={settings.username}
                translate="no"
                {...form.field('displayName')}
              />
            </div>
            <div className="space-y-2">
              <div className="flex items-center justify-between">
                <Label htmlFor="profile-bio">{t(words.bio)}</Label>
                <span
                  className={cn('text-xs tabular-nums', values.bio.length > BIO_MAX_LENGTH ? 'text-red-400' : 'text-muted')}
                  data-testid="bio-counter"
                  aria-live="polite"
                >
                  {values.bio.length}/{BIO_MAX_LENGTH}
                </span>
              </div>
              <Textarea id="profile-bio" rows={3} placeholder={t(words.bioPlaceholder)} {...form.field('bio')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="profile-email">{t(words.email)}</Label>
              <Input
                id="profile-email"
                type="email"
                aria-describedby="profile-email-hint"
                autoComplete="email"
                placeholder={t(words.emailPlaceholder)}
                {...form.field('email')}
              />
              <p id="profile-email-hint" className="text-xs text-muted">
                {emailHint(t, say, settings, features?.mail)}
              </p>
            </div>
            <fieldset className="min-w-0 space-y-3 rounded-xl border border-border p-4">
              <legend className="px-1 text-sm font-medium text-zinc-300">{t(words.dashboardAndPage)}</legend>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <span className="text-sm" id="theme-label">
                  {t(words.dashboardTheme)}
                </span>
                <div role="radiogroup" aria-labelledby="theme-label" className="flex gap-1 rounded-xl border border-border bg-surface p-1">
                  {(['dark', 'light'] as const).map((theme) => (
                    <button
                      key={theme}
                      type="button"
                      role="radio"
                      aria-checked={values.theme === theme}
                      onClick={() => void chooseTheme(theme)}
                      className={cn(
                        'inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm sm:min-h-0',
                        values.theme === theme ? 'bg-primary/20 text-white' : 'text-zinc-300 hover:text-white',
                      )}
                    >
                      {theme === 'dark' ? <Moon className="size-4" aria-hidden="true" /> : <Sun className="size-4" aria-hidden="true" />}
                      {t(theme === 'dark' ? words.dark : words.light)}
                    </button>
                  ))}
                </div>
              </div>
              {PAGE_SWITCHES.map(({ field, label, hint }) => (
                <SettingSwitch
                  key={field}
                  id={`profile-${field}`}
                  label={t(label)}
                  hint={t(hint, { days: NEW_LINK_DAYS })}
                  checked={values[field]}
                  onChange={(value) => set(field, value)}
                />
              ))}
              <ContentWarningSelect
                id="profile-contentWarning"
                label={t(words.contentWarning)}
                hint={t(words.contentWarningHint)}
                value={values.contentWarning}
                onChange={(value) => set('contentWarning', value)}
              />
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0 flex-1 basis-48">
                  <label htmlFor="profile-pageLanguage" className="text-sm font-medium text-zinc-200">
                    {t(words.pageLanguage)}
                  </label>
                  <p id="profile-pageLanguage-hint" className="text-xs text-muted">
                    {t(words.pageLanguageHint)}
                  </p>
                </div>
                <Select
                  className="max-w-full"
                  id="profile-pageLanguage"
                  aria-describedby="profile-pageLanguage-hint"
                  value={values.pageLanguage ?? ''}
                  onChange={(event) => set('pageLanguage', (event.target.value || null) as Language | null)}
                >
                  <option value="">
                    {user.pageRole === 'owner' ? t(words.sameAsAccount, { language: LANGUAGES[user.language].name }) : t(words.sameAsOwner)}
                  </option>
                  <LanguageOptions />
                </Select>
              </div>
            </fieldset>
            {form.error && (
              <p role="alert" className="text-sm text-red-400">
                {form.error}
              </p>
            )}
            <Button type="submit" disabled={updateProfile.isPending}>
              {t(updateProfile.isPending ? words.saving : words.save)}
            </Button>
          </form>
        </Card>
      </div>
      <aside className="hidden xl:block" aria-label={t(words.aboutPage)}>
        <Card className="sticky top-24">
          <h2 className="font-semibold">{t(words.yourPage)}</h2>
          <p className="mt-1 text-sm text-muted">
            {pageBefore}
            <bdi className="font-medium text-zinc-100" translate="no">
              /{user.username}
            </bdi>
            {pageAfter}
          </p>
        </Card>
      </aside>
    </div>
  );
}

/** The page's switches, saved with Save Changes. */
const PAGE_SWITCHES: readonly {
  field: 'showViews' | 'showUpdated' | 'markNewLinks' | 'openInBrowserBar';
  label: MessageDescriptor;
  hint: MessageDescriptor;
}[] = [
  { field: 'showViews', label: words.showViews, hint: words.showViewsHint },
  { field: 'showUpdated', label: words.showUpdated, hint: words.showUpdatedHint },
  { field: 'markNewLinks', label: words.markNewLinks, hint: words.markNewLinksHint },
  { field: 'openInBrowserBar', label: words.openInBrowser, hint: words.openInBrowserHint },
];

function SettingSwitch(props: { id: string; label: string; hint: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={props.id} className="text-sm">
          {props.label}
        </label>
        <p className="text-xs text-muted">{props.hint}</p>
      </div>
      <Switch id={props.id} checked={props.checked} onCheckedChange={props.onChange} />
    </div>
  );
}
