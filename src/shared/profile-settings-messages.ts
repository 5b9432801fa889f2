import { BIO_MAX_LENGTH, USERNAME_CHANGE_COOLDOWN_DAYS } from './constants.ts';
import { countOf } from './counts.ts';

// What the Profile tab's requests answer, with no schema: the dashboard's first load says them
// without loading the schema library (profile-settings.ts exports them with the schemas).

export const profileSettingsMessages = {
  bioTooLong: `Bio cannot exceed ${BIO_MAX_LENGTH} characters`,
  invalidEmail: 'Please enter a valid email address',
  invalidTheme: 'Please choose dark or light',
  invalidProfileImage: 'Please upload the profile picture first',
  noChanges: 'Nothing to update',
  invalidTimeZone: 'Please choose a time zone from the list',
  unknownFields: (names: string[]) => `Unknown profile field${names.length === 1 ? '' : 's'}: ${names.join(', ')}`,
  settingsSaved: 'Settings saved',
  usernameChanged: 'Username changed',
  usernameChangedHint: `You can change it again in ${USERNAME_CHANGE_COOLDOWN_DAYS} days.`,
  usernameLocked: (days: number) => `You can change your username again in ${countOf(days, 'day')}.`,
  sameUsername: 'This is already your username',
  usernameUrlNotice: 'Changing your username changes your profile URL. The old address redirects to the new one for 30 days.',
} as const;
