import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileSettings, ProfileUpdate } from '#shared/profile-settings.ts';
import { profileSettingsMessages } from '#shared/profile-settings-messages.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { api } from '#web/lib/api.ts';
import { refreshSession } from '#web/lib/use-session.ts';

export const profileSettingsQueryKey = ['me', 'profile'] as const;

export function useProfileSettings() {
  return useQuery({
    queryKey: profileSettingsQueryKey,
    queryFn: async () => (await api<{ data: ProfileSettings }>('/api/me/profile')).data,
  });
}

/** After a change, the signed-in user (name, picture, username) is read again everywhere. */
function useSettingsSaved() {
  const queryClient = useQueryClient();
  return (settings: ProfileSettings) => {
    queryClient.setQueryData(profileSettingsQueryKey, settings);
    return refreshSession();
  };
}

export function useUpdateProfile() {
  const saved = useSettingsSaved();
  return useApiMutation({
    failure: 'Failed to save your settings. Please try again.',
    failureTitle: 'Error',
    mutationFn: async (update: ProfileUpdate) =>
      (await api<{ data: ProfileSettings }>('/api/me/profile', { method: 'PATCH', body: update })).data,
    onSuccess: saved,
  });
}

export function useChangeUsername() {
  const saved = useSettingsSaved();
  return useApiMutation({
    failure: 'Failed to change username',
    success: { title: profileSettingsMessages.usernameChanged, description: profileSettingsMessages.usernameChangedHint },
    mutationFn: async (username: string) =>
      (await api<{ data: ProfileSettings }>('/api/me/username', { method: 'PATCH', body: { username } })).data,
    onSuccess: saved,
  });
}
