import { createHash } from 'node:crypto';
import { countOf } from '#shared/counts.ts';
import { gradientStopsOf } from '#shared/customization.ts';
import { initialsOf } from '#shared/names.ts';
import type { PublicPage } from '#shared/profile.types.ts';
import type { ShareImageScene } from '#shared/share-image.ts';
import { fontFilePathsOf } from './profile-assets.ts';

// The page's share image (issue 31): what a chat or a feed shows when the page
// is shared, drawn by the media worker from the page's own look. The scene is
// what the drawing depends on, and nothing else: its hash names the version.

export function shareImageSceneOf(page: PublicPage): ShareImageScene {
  const { profile, customization: c } = page;
  const stops = gradientStopsOf(c);
  const background =
    c.backgroundType === 'solid'
      ? stops[0]!
      : c.backgroundDirection === 'radial'
        ? `radial-gradient(circle at 50% 30%, ${stops.join(', ')})`
        : `linear-gradient(${c.backgroundDirection}, ${stops.join(', ')})`;
  const name = profile.displayName || profile.username;
  return {
    name,
    username: profile.username,
    bio: profile.bio,
    links: countOf(page.links.length, 'link'),
    initials: initialsOf(name),
    background,
    textColor: c.textColor,
    avatarColors: [c.primaryColor, c.secondaryColor],
    font: { name: c.font, files: fontFilePathsOf(c.font) },
    picture: profile.profileImage,
  };
}

/** A short name for this drawing: the same scene, the same image (the font by its name, wherever its files are installed). */
export function shareImageVersionOf(scene: ShareImageScene): string {
  return createHash('sha256')
    .update(JSON.stringify({ ...scene, font: scene.font.name }))
    .digest('base64url')
    .slice(0, 12);
}
