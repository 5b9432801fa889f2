import { z } from 'zod';
import { EMBED_PROVIDER_RULES, type EmbedTarget } from '#shared/embeds.ts';
import { type OutboundOptions, fetchBounded } from '../http/outbound.ts';

// An embed's placeholder shows its title and picture, asked once by this
// server from the provider's oEmbed endpoint when the embed is added (issue
// 30): the visitor's browser never asks the provider for anything before the
// visitor presses play. A provider that does not answer leaves the embed
// without them, never without the embed.

export interface EmbedPreviewOptions extends OutboundOptions {
  /** Off (EMBED_PREVIEWS=false): no provider is asked; placeholders show the provider's name. */
  enabled: boolean;
  /** Tests only: a server standing in for the providers, asked at `{origin}/{provider}{endpoint's path}`. */
  oembedOrigin?: string;
  /** For each request (the oEmbed answer, then the picture). */
  timeoutMs: number;
}

export interface EmbedPreview {
  /** The provider's title, on one line; empty when there was none. */
  title: string;
  /** The provider's picture as it sent it (decoded and re-encoded before it is kept), or null. */
  picture: Buffer | null;
}

export const NO_PREVIEW: EmbedPreview = { title: '', picture: null };

/** What we read of an oEmbed answer (https://oembed.com): anything else is ignored. */
const oembedAnswerSchema = z.object({
  title: z.string().max(2000).optional().catch(undefined),
  thumbnail_url: z.string().max(2048).optional().catch(undefined),
});

/** An oEmbed answer is a few hundred bytes: anything far larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Providers' pictures are tens of kB (YouTube's hqdefault, Spotify's 300 px cover). */
const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
/** Stored titles are a line of the placeholder: longer ones are cut at a word. */
const EMBED_TITLE_MAX_LENGTH = 200;

/** A provider's title on one line: control characters and runs of spaces out, at most 200 characters. */
function cleanTitle(title: string): string {
  // A title is one line of plain text.
  // eslint-disable-next-line no-control-regex -- control characters are what is taken out
  const line = title.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  if (line.length <= EMBED_TITLE_MAX_LENGTH) return line;
  const cut = line.slice(0, EMBED_TITLE_MAX_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

export class EmbedPreviews {
  constructor(private readonly options: EmbedPreviewOptions) {}

  /** Where the provider's oEmbed endpoint is asked about this address. */
  private endpointFor(target: EmbedTarget): URL {
    const endpoint = new URL(EMBED_PROVIDER_RULES[target.provider].oembed);
    const url = this.options.oembedOrigin ? new URL(`${this.options.oembedOrigin}/${target.provider}${endpoint.pathname}`) : endpoint;
    url.searchParams.set('format', 'json');
    url.searchParams.set('url', target.url);
    return url;
  }

  /** The title and picture the provider gives for this address; NO_PREVIEW when it gives none or cannot be reached. */
  async preview(target: EmbedTarget): Promise<EmbedPreview> {
    if (!this.options.enabled) return NO_PREVIEW;
    const limits = { ...this.options, maxRedirects: 3 };
    let answer: z.infer<typeof oembedAnswerSchema>;
    try {
      const fetched = await fetchBounded(this.endpointFor(target).href, {
        ...limits,
        maxBytes: MAX_ANSWER_BYTES,
        accept: 'application/json',
      });
      if (fetched.status !== 200) return NO_PREVIEW;
      const parsed = oembedAnswerSchema.safeParse(JSON.parse(fetched.body.toString('utf8')));
      if (!parsed.success) return NO_PREVIEW;
      answer = parsed.data;
    } catch {
      return NO_PREVIEW;
    }
    const title = cleanTitle(answer.title ?? '');
    return { title, picture: answer.thumbnail_url ? await this.picture(answer.thumbnail_url, limits) : null };
  }

  /** The picture's bytes, when it is an image of a sane size at an http(s) address this server may reach. */
  private async picture(address: string, limits: EmbedPreviewOptions & { maxRedirects: number }): Promise<Buffer | null> {
    try {
      const fetched = await fetchBounded(address, { ...limits, maxBytes: MAX_PICTURE_BYTES, accept: 'image/*' });
      return fetched.status === 200 && fetched.contentType.startsWith('image/') ? fetched.body : null;
    } catch {
      return null;
    }
  }
}
