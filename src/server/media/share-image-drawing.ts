import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SHARE_IMAGE_SIZE, type ShareImageScene } from '#shared/share-image.ts';
import type { Sharp, SharpOptions } from 'sharp';
import type { ProcessedMedia } from './processed-media.ts';
import { fontsOf, h, renderPng } from './satori-drawing.ts';

// The share image, drawn in the media worker (issue 31) in the page's own
// font (satori-drawing.ts), its emoji as Twemoji draws them.

/** What the server sends the worker: the scene, and the profile picture's stored bytes when there is one. */
export interface ShareImageJob {
  scene: ShareImageScene;
  /** base64 */
  picture: string | null;
}

/**
 * An emoji as satori asks for it: Twemoji's drawing (@twemoji/svg, CC BY 4.0),
 * named by its code points as Twemoji names them (U+FE0F left out unless the
 * emoji joins others with U+200D). An emoji it has no drawing for is left out
 * of the image, never drawn as a box.
 */
const emojiDirectory = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
/** Drawings read so far: at most one per file of the package. */
const emojiDrawings = new Map<string, string>();
const NO_DRAWING = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"/>').toString('base64')}`;
export async function emojiDrawing(emoji: string): Promise<string> {
  const points = [...emoji].map((character) => character.codePointAt(0)!.toString(16));
  const name = (emoji.includes('\u200d') ? points : points.filter((point) => point !== 'fe0f')).join('-');
  const known = emojiDrawings.get(name);
  if (known) return known;
  try {
    const drawing = `data:image/svg+xml;base64,${(await readFile(path.join(emojiDirectory, `${name}.svg`))).toString('base64')}`;
    emojiDrawings.set(name, drawing);
    return drawing;
  } catch {
    return NO_DRAWING;
  }
}

/** At most this many characters of the bio: two lines at the drawing's size. */
const BIO_CHARACTERS = 140;

function clip(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).trimEnd()}…`;
}

export async function drawShareImage(
  input: Buffer,
  loadSharp: () => Promise<(input: Buffer, options: SharpOptions) => Sharp>,
): Promise<ProcessedMedia> {
  const { scene, picture } = JSON.parse(input.toString('utf8')) as ShareImageJob;
  const sharp = await loadSharp();
  const fontData = await fontsOf('Profile', scene.font.files);
  // The picture as a square PNG in the drawing (satori reads PNG and JPEG, not every format an upload is stored in).
  const avatar = picture
    ? `data:image/png;base64,${(await sharp(Buffer.from(picture, 'base64'), { limitInputPixels: 50_000_000 }).resize(256, 256, { fit: 'cover' }).png().toBuffer()).toString('base64')}`
    : undefined;
  const side = 200;
  const circle = { width: side, height: side, borderRadius: side / 2, border: '6px solid rgba(255,255,255,0.9)', display: 'flex' };
  const tree = h(
    'div',
    {
      width: SHARE_IMAGE_SIZE.width,
      height: SHARE_IMAGE_SIZE.height,
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      background: scene.background,
      color: scene.textColor,
      fontFamily: 'Profile',
    },
    [
      avatar
        ? h('img', { ...circle, objectFit: 'cover' }, undefined, { src: avatar, width: side, height: side })
        : h(
            'div',
            {
              ...circle,
              alignItems: 'center',
              justifyContent: 'center',
              background: `linear-gradient(135deg, ${scene.avatarColors[0]}, ${scene.avatarColors[1]})`,
              color: '#fff',
              fontSize: 72,
              fontWeight: 700,
            },
            scene.initials,
          ),
      h(
        'div',
        { marginTop: 28, fontSize: 64, fontWeight: 700, lineHeight: 1.1, textAlign: 'center', maxWidth: 1040 },
        clip(scene.name, 40),
      ),
      h('div', { marginTop: 10, fontSize: 30, opacity: 0.85 }, `@${scene.username} · ${scene.links}`),
      scene.bio
        ? h(
            'div',
            { marginTop: 22, fontSize: 30, lineHeight: 1.35, textAlign: 'center', maxWidth: 960, opacity: 0.95 },
            clip(scene.bio, BIO_CHARACTERS),
          )
        : null,
    ].filter(Boolean),
  );
  return renderPng(tree, SHARE_IMAGE_SIZE, fontData, sharp, emojiDrawing);
}
