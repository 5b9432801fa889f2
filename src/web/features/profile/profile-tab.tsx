import { Moon, Palette, Sun, UserRound } from 'lucide-react';
import { LanguageOptions } from '#web/components/ui/language-options.tsx';
import type { PathValue } from 'react-hook-form';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#web/lib/toast.ts';
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH, type DashboardTheme, NEW_LINK_DAYS } from '#shared/constants.ts';
import { countOf } from '#shared/counts.ts';
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

/** The Profile tab (spec 000 §2): sub-tabs Profile and Appearance. */
export function ProfileTab({ user, onTabChange }: { user: CurrentUser; onTabChange: (tab: DashboardTab) => void }) {
  const settings = useProfileSettings();
  const look = useCustomization();
  if (settings.isPending) return <LoadingState label="Loading settings..." />;
  if (settings.isError) return <LoadError title="Your settings could not be loaded." onRetry={() => void settings.refetch()} />;
  return (
    <Tabs defaultValue="profile">
      <TabsList aria-label="Profile settings sections" className="w-fit">
        <TabsTrigger value="profile">
          <UserRound aria-hidden="true" /> Profile
        </TabsTrigger>
        <TabsTrigger value="appearance">
          <Palette aria-hidden="true" /> Appearance
        </TabsTrigger>
      </TabsList>
      <TabsContent value="profile">
        <ProfileSettingsForm user={user} settings={settings.data} />
      </TabsContent>
      <TabsContent value="appearance">
        <Card>
          <h2 className="text-lg font-semibold">Quick themes</h2>
          <p className="mt-1 text-sm text-muted">One click sets your page's colours and background. Fine-tune everything in Customize.</p>
          <div className="mt-5">
            <QuickThemes plan={user.plan} look={look.data} />
          </div>
          <Button variant="outline" className="mt-6" onClick={() => onTabChange('customize')}>
            <Palette /> Open Customize
          </Button>
        </Card>
      </TabsContent>
    </Tabs>
  );
}

/** What the address is for on this site, and whether it is confirmed (issue 28: nothing claims mail that is not sent). */
function emailHint(settings: ProfileSettings, mail: MailDelivery | undefined): string {
  if (mail === 'held' && !settings.emailConfirmed) return `${accountMessages.mailHeld} Never shown on your page.`;
  if (!settings.email) return 'We mail a link to confirm it; a confirmed address can reset your password. Never shown on your page.';
  if (settings.emailConfirmed) return 'Confirmed: it can receive password resets and the weekly summary. Never shown on your page.';
  return 'Unconfirmed: open the link we mailed to it (Account can send it again). Until then nothing is sent to it.';
}

function ProfileSettingsForm({ user, settings }: { user: CurrentUser; settings: ProfileSettings }) {
  const updateProfile = useUpdateProfile();
  const features = useSiteFeatures();
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
  useUnsavedChanges('profile', 'Profile Settings', dirty);
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

  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_320px]">
      <div className="min-w-0 space-y-6">
        <Card>
          <h2 className="text-lg font-semibold">Profile picture</h2>
          <div className="mt-4">
            <AvatarUploader
              name={values.displayName || settings.username}
              current={settings.profileImage}
              showStatus={false}
              onSaved={(url) => toast.success(url ? 'Profile picture updated' : 'Profile picture removed')}
            />
          </div>
        </Card>
        <Card>
          <UsernameField key={settings.username} settings={settings} />
        </Card>
        <Card>
          <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
            <div className="space-y-2">
              <Label htmlFor="profile-displayName">Display name</Label>
              <Input
                id="profile-displayName"
                maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
                placeholder={settings.username}
                {...form.field('displayName')}
              />
            </div>
            <div className="space-y-2">
              <div className="flex items-center justify-between">
                <Label htmlFor="profile-bio">Bio</Label>
                <span
                  className={cn('text-xs tabular-nums', values.bio.length > BIO_MAX_LENGTH ? 'text-red-400' : 'text-muted')}
                  data-testid="bio-counter"
                  aria-live="polite"
                >
                  {values.bio.length}/{BIO_MAX_LENGTH}
                </span>
              </div>
              <Textarea id="profile-bio" rows={3} placeholder="Tell visitors who you are in a sentence or two." {...form.field('bio')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="profile-email">Email</Label>
              <Input
                id="profile-email"
                type="email"
                aria-describedby="profile-email-hint"
                autoComplete="email"
                placeholder="you@example.com"
                {...form.field('email')}
              />
              <p id="profile-email-hint" className="text-xs text-muted">
                {emailHint(settings, features?.mail)}
              </p>
            </div>
            <fieldset className="space-y-3 rounded-xl border border-border p-4">
              <legend className="px-1 text-sm font-medium text-zinc-300">Dashboard and page</legend>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <span className="text-sm" id="theme-label">
                  Dashboard theme
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
                        'inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm capitalize sm:min-h-0',
                        values.theme === theme ? 'bg-primary/20 text-white' : 'text-zinc-300 hover:text-white',
                      )}
                    >
                      {theme === 'dark' ? <Moon className="size-4" aria-hidden="true" /> : <Sun className="size-4" aria-hidden="true" />}
                      {theme}
                    </button>
                  ))}
                </div>
              </div>
              {PAGE_SWITCHES.map(({ field, label, hint }) => (
                <SettingSwitch
                  key={field}
                  id={`profile-${field}`}
                  label={label}
                  hint={hint}
                  checked={values[field]}
                  onChange={(value) => set(field, value)}
                />
              ))}
              <ContentWarningSelect
                id="profile-contentWarning"
                label="Content warning"
                hint="Visitors see a warning first and choose to go on; search engines and link previews see only the warning."
                value={values.contentWarning}
                onChange={(value) => set('contentWarning', value)}
              />
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0 flex-1">
                  <label htmlFor="profile-pageLanguage" className="text-sm font-medium text-zinc-200">
                    Page language
                  </label>
                  <p id="profile-pageLanguage-hint" className="text-xs text-muted">
                    The words of your page you did not write (Share, Subscribe, its warnings and notices) are in this language. What you
                    wrote stays as you wrote it.
                  </p>
                </div>
                <Select
                  id="profile-pageLanguage"
                  aria-describedby="profile-pageLanguage-hint"
                  value={values.pageLanguage ?? ''}
                  onChange={(event) => set('pageLanguage', (event.target.value || null) as Language | null)}
                >
                  <option value="">
                    {user.pageRole === 'owner' ? `Same as your account (${LANGUAGES[user.language].name})` : 'Same as its owner’s account'}
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
              {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </form>
        </Card>
      </div>
      <aside className="hidden xl:block" aria-label="About your page">
        <Card className="sticky top-24">
          <h2 className="font-semibold">Your page</h2>
          <p className="mt-1 text-sm text-muted">
            Visitors find you at <span className="font-medium text-zinc-100">/{user.username}</span>. Your name, picture and bio appear at
            the top of it.
          </p>
        </Card>
      </aside>
    </div>
  );
}

/** The page's switches, saved with Save Changes. */
const PAGE_SWITCHES: readonly { field: 'showViews' | 'showUpdated' | 'markNewLinks' | 'openInBrowserBar'; label: string; hint: string }[] =
  [
    { field: 'showViews', label: 'Show views', hint: 'Show how many times your page has been viewed (updated every minute or two).' },
    { field: 'showUpdated', label: 'Show last update', hint: 'Say on your page the day it last changed.' },
    {
      field: 'markNewLinks',
      label: 'Mark new links',
      hint: `Put a "New" pill on links added in the last ${countOf(NEW_LINK_DAYS, 'day')}.`,
    },
    {
      field: 'openInBrowserBar',
      label: 'Offer to leave in-app browsers',
      hint: "Opened inside Instagram, TikTok or another app's browser, your page offers to open in the visitor's own browser.",
    },
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
