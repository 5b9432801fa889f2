import { toast } from 'sonner';
import { profileUrl } from '#web/lib/utils.ts';

export function useProfileActions(username: string) {
  return {
    copyProfileUrl: async () => {
      try {
        await navigator.clipboard.writeText(profileUrl(username));
        toast.success('Profile URL copied');
      } catch {
        toast.error('Could not copy', { description: profileUrl(username) });
      }
    },
    openPublicProfile: () => {
      window.open(`/${username}`, '_blank', 'noopener,noreferrer');
    },
  };
}
