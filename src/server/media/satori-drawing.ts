import { readFile } from 'node:fs/promises';
import type { Sharp, SharpOptions } from 'sharp';
import type { ProcessedMedia } from './processed-media.ts';

// Pictures the server draws itself in the media worker (the share image, a
// report's chart): satori lays a tree of boxes and text out as SVG, resvg
// renders it, sharp re-encodes it. The fonts ship as WOFF2, which neither
// reads: wawoff2 (Google's decoder) turns them back into TrueType once per
// font, kept while the worker lives. No font or image is fetched: the worker
// reaches no other host.

const fonts = new Map<string, Promise<Buffer>>();
function trueTypeOf(path: string): Promise<Buffer> {
  let font = fonts.get(path);
  if (!font) {
    font = (async () => {
      const { default: wawoff2 } = await import('wawoff2');
      return Buffer.from(await wawoff2.decompress(await readFile(path)));
    })();
    fonts.set(path, font);
  }
  return font;
}

/** A font's files as satori takes them, under `name`. */
export function fontsOf(name: string, files: ReadonlyArray<{ path: string; weight: 400 | 700 }>) {
  return Promise.all(
    files.map(async (file) => ({ name, data: await trueTypeOf(file.path), weight: file.weight, style: 'normal' as const })),
  );
}

export type Node = { type: string; props: Record<string, unknown> };
/** A box of the drawing: its type ('div', 'img'), style, children and other properties. */
export const h = (type: string, style: Record<string, unknown>, children?: unknown, extra: Record<string, unknown> = {}): Node => ({
  type,
  props: { style, children, ...extra },
});

/** The tree drawn at `size` as a PNG; `emoji` draws an emoji satori meets (none, unless given). */
export async function renderPng(
  tree: Node,
  size: { width: number; height: number },
  fontData: Awaited<ReturnType<typeof fontsOf>>,
  sharp: (input: Buffer, options: SharpOptions) => Sharp,
  emoji?: (segment: string) => Promise<string>,
): Promise<ProcessedMedia> {
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const svg = await satori(tree as never, {
    ...size,
    fonts: fontData,
    loadAdditionalAsset: async (languageCode, segment) => (languageCode === 'emoji' && emoji ? emoji(segment) : []),
  });
  const rendered = new Resvg(svg, { fitTo: { mode: 'width', value: size.width } }).render().asPng();
  // Re-encoded by sharp as every image the site hands out: a smaller PNG, nothing carried over.
  const { data, info } = await sharp(rendered, {}).png({ compressionLevel: 9, palette: false }).toBuffer({ resolveWithObject: true });
  return { data, ext: 'png', mime: 'image/png', width: info.width, height: info.height };
}
