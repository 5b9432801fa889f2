import { copyWithToast } from '#web/lib/clipboard.ts';
import { profileUrl } from '#web/lib/utils.ts';

export function useProfileActions(username: string) {
  return {
    copyProfileUrl: () =>
      copyWithToast(profileUrl(username), 'Profile URL copied', { message: 'Could not copy', description: profileUrl(username) }),
    openPublicProfile: () => {
      window.open(`/${username}`, '_blank', 'noopener,noreferrer');
    },
  };
}
