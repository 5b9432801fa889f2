/** What a visitor may see of a profile (GET /api/public/{username} and the page). */
export interface PublicProfile {
  id: number;
  username: string;
  displayName: string;
  bio: string;
  profileImage: string | null;
  verified: boolean;
  /** false for Pro and Business, which remove the 'Powered by' footer. */
  showBranding: boolean;
}

export interface PublicLink {
  id: number;
  title: string;
  url: string;
  icon: string;
  customIcon: string | null;
  color: string;
}

export const profileMessages = {
  notFound: 'User not found',
  noLinks: 'No links available yet',
  noLinksHint: 'Links will appear here when added',
  loading: 'Loading profile...',
  loadFailed: 'Failed to load user data',
} as const;
