// The page's share image (issue 31): its size, and the scene the media worker
// draws it from (made on the server from the page: page-drawing/share-image.ts).

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export interface ShareImageScene {
  name: string;
  username: string;
  bio: string;
  /** '12 links' */
  links: string;
  initials: string;
  /** The look's background as the drawing reads it: a colour or a gradient (an uploaded image gives way to its gradient). */
  background: string;
  textColor: string;
  avatarColors: [string, string];
  /** The look's font, by the files this server serves for it. */
  font: { name: string; files: Array<{ path: string; weight: 400 | 700 }> };
  /** The profile picture's address (/media/…), drawn in the middle when there is one. */
  picture: string | null;
}
