import { z } from 'zod';

// Embeds (issue 30): a YouTube or Vimeo video, or a Spotify or SoundCloud
// player, as a block of the page. The providers' address rules are written
// down once here: the form, the server's schema, the page's player and its
// Content-Security-Policy all read them.

export const EMBED_PROVIDERS = ['youtube', 'vimeo', 'spotify', 'soundcloud'] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];

interface ProviderRules {
  name: string;
  /** What an address of this provider must point to, said when it points elsewhere ('a video'). */
  things: string;
  /** The provider's oEmbed endpoint, which the server asks for a title and a picture. */
  oembed: string;
  /** The only host the page lets this provider's player load from (frame-src). */
  frameHost: string;
}

export const EMBED_PROVIDER_RULES: Record<EmbedProvider, ProviderRules> = {
  youtube: {
    name: 'YouTube',
    things: 'a video',
    oembed: 'https://www.youtube.com/oembed',
    // The privacy-enhanced player: no cookies until the video plays.
    frameHost: 'https://www.youtube-nocookie.com',
  },
  vimeo: { name: 'Vimeo', things: 'a video', oembed: 'https://vimeo.com/api/oembed.json', frameHost: 'https://player.vimeo.com' },
  spotify: {
    name: 'Spotify',
    things: 'a track, album, playlist, episode, show or artist',
    oembed: 'https://open.spotify.com/oembed',
    frameHost: 'https://open.spotify.com',
  },
  soundcloud: {
    name: 'SoundCloud',
    things: 'a track or playlist',
    oembed: 'https://soundcloud.com/oembed',
    frameHost: 'https://w.soundcloud.com',
  },
};

export const EMBED_URL_MAX_LENGTH = 2048;

export const embedMessages = {
  missing: 'Please paste the address of a YouTube, Vimeo, Spotify or SoundCloud page',
  tooLong: `An address cannot exceed ${EMBED_URL_MAX_LENGTH} characters`,
  /** Any other host (issue 30: the message names the supported ones). */
  unsupported: 'Only YouTube, Vimeo, Spotify and SoundCloud addresses can be embedded',
  /** A supported host, but not a page its player can show ('youtube.com/feed'). */
  notPlayable: (provider: EmbedProvider) =>
    `This ${EMBED_PROVIDER_RULES[provider].name} address is not ${EMBED_PROVIDER_RULES[provider].things}: paste the address of one`,
} as const;

/** An address the page can embed: its provider, its one canonical form, and where the provider's player is. */
export interface EmbedTarget {
  provider: EmbedProvider;
  /** The address as stored and as the placeholder opens it without script (https, the provider's main host). */
  url: string;
  /** The player, loaded in a frame when the visitor presses the placeholder. */
  player: string;
  /** A video keeps 16:9; a player of tracks has its provider's height. */
  shape: { kind: 'video' } | { kind: 'audio'; height: number };
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const SPOTIFY_KINDS = new Set(['track', 'album', 'playlist', 'episode', 'show', 'artist']);
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
const SOUNDCLOUD_NAME = /^[a-z0-9_-]{1,100}$/;
/** First path segments of soundcloud.com that are the site's own pages, not a creator. */
const SOUNDCLOUD_PAGES = new Set([
  'discover',
  'stream',
  'search',
  'you',
  'upload',
  'pages',
  'charts',
  'settings',
  'messages',
  'notifications',
  'feed',
  'terms-of-use',
  'mobile',
  'popular',
  'people',
  'tags',
  'jobs',
  'imprint',
  'creators',
  'pro',
  'signin',
]);

/** Which provider a host belongs to (www., m. and music. forms included), or undefined. */
function providerOfHost(host: string): EmbedProvider | undefined {
  const bare = host.replace(/^(www|m|music)\./, '');
  if (bare === 'youtube.com' || bare === 'youtu.be' || bare === 'youtube-nocookie.com') return 'youtube';
  if (bare === 'vimeo.com' || bare === 'player.vimeo.com') return 'vimeo';
  if (bare === 'open.spotify.com') return 'spotify';
  if (bare === 'soundcloud.com') return 'soundcloud';
  return undefined;
}

function youtubeTarget(url: URL): EmbedTarget | undefined {
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (url.hostname.endsWith('youtu.be')) id = segments[0];
  else if (segments[0] === 'watch') id = url.searchParams.get('v');
  else if (['shorts', 'embed', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
  if (!id || !YOUTUBE_ID.test(id)) return undefined;
  return {
    provider: 'youtube',
    url: `https://www.youtube.com/watch?v=${id}`,
    player: `${EMBED_PROVIDER_RULES.youtube.frameHost}/embed/${id}?autoplay=1`,
    shape: { kind: 'video' },
  };
}

function vimeoTarget(url: URL): EmbedTarget | undefined {
  const segments = url.pathname.split('/').filter(Boolean);
  // vimeo.com/{id}, vimeo.com/{id}/{hash} (unlisted), vimeo.com/channels/{name}/{id},
  // vimeo.com/groups/{name}/videos/{id}, player.vimeo.com/video/{id}
  const at =
    url.hostname === 'player.vimeo.com'
      ? segments[0] === 'video'
        ? 1
        : -1
      : segments[0] === 'channels'
        ? 2
        : segments[0] === 'groups' && segments[2] === 'videos'
          ? 3
          : 0;
  const id = segments[at];
  if (at === -1 || !id || !/^\d{1,12}$/.test(id)) return undefined;
  const next = segments[at + 1];
  const hash = next && /^[0-9a-f]{6,20}$/.test(next) ? next : url.searchParams.get('h');
  const unlisted = hash && /^[0-9a-f]{6,20}$/.test(hash) ? hash : undefined;
  return {
    provider: 'vimeo',
    url: `https://vimeo.com/${id}${unlisted ? `/${unlisted}` : ''}`,
    // dnt: Vimeo's player sets no tracking cookies.
    player: `${EMBED_PROVIDER_RULES.vimeo.frameHost}/video/${id}?dnt=1&autoplay=1${unlisted ? `&h=${unlisted}` : ''}`,
    shape: { kind: 'video' },
  };
}

function spotifyTarget(url: URL): EmbedTarget | undefined {
  // open.spotify.com/{kind}/{id}, with an optional locale (/intl-de/) or /embed/ in front.
  const segments = url.pathname.split('/').filter((segment) => segment && !segment.startsWith('intl-') && segment !== 'embed');
  const [kind, id] = segments;
  if (!kind || !SPOTIFY_KINDS.has(kind) || !id || !SPOTIFY_ID.test(id)) return undefined;
  return {
    provider: 'spotify',
    url: `https://open.spotify.com/${kind}/${id}`,
    player: `${EMBED_PROVIDER_RULES.spotify.frameHost}/embed/${kind}/${id}`,
    shape: { kind: 'audio', height: kind === 'track' || kind === 'episode' ? 152 : 352 },
  };
}

function soundcloudTarget(url: URL): EmbedTarget | undefined {
  const segments = url.pathname.split('/').filter(Boolean);
  const [user, second, third] = segments;
  if (!user || !SOUNDCLOUD_NAME.test(user) || SOUNDCLOUD_PAGES.has(user) || !second) return undefined;
  const isSet = second === 'sets';
  const name = isSet ? third : second;
  if (!name || !SOUNDCLOUD_NAME.test(name) || segments.length !== (isSet ? 3 : 2)) return undefined;
  const address = `https://soundcloud.com/${user}/${isSet ? `sets/${name}` : name}`;
  return {
    provider: 'soundcloud',
    url: address,
    player: `${EMBED_PROVIDER_RULES.soundcloud.frameHost}/player/?url=${encodeURIComponent(address)}&auto_play=true&visual=false`,
    shape: { kind: 'audio', height: isSet ? 450 : 166 },
  };
}

const TARGETS: Record<EmbedProvider, (url: URL) => EmbedTarget | undefined> = {
  youtube: youtubeTarget,
  vimeo: vimeoTarget,
  spotify: spotifyTarget,
  soundcloud: soundcloudTarget,
};

export type EmbedCheck = { ok: true; target: EmbedTarget } | { ok: false; message: string };

/**
 * What a pasted address embeds, or why it embeds nothing. An address without
 * its scheme ('youtu.be/…') is read as https; only http(s) addresses of the
 * four providers' own hosts are taken.
 */
export function checkEmbedAddress(input: string): EmbedCheck {
  const trimmed = input.trim();
  const url = URL.parse(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) {
    return { ok: false, message: embedMessages.unsupported };
  }
  const provider = providerOfHost(url.hostname);
  if (!provider) return { ok: false, message: embedMessages.unsupported };
  const target = TARGETS[provider](url);
  return target ? { ok: true, target } : { ok: false, message: embedMessages.notPlayable(provider) };
}

/** The target of an address already checked (a stored one); undefined only if the rules above have since changed. */
export function embedTargetOf(url: string): EmbedTarget | undefined {
  const checked = checkEmbedAddress(url);
  return checked.ok ? checked.target : undefined;
}

/** A pasted address, checked and stored in its canonical form. */
export const embedUrlSchema = z
  .string({ error: embedMessages.missing })
  .trim()
  .min(1, embedMessages.missing)
  .max(EMBED_URL_MAX_LENGTH, embedMessages.tooLong)
  .transform((value, context) => {
    const checked = checkEmbedAddress(value);
    if (checked.ok) return checked.target.url;
    context.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });

/** The page's frame-src: the players of the providers its embeds come from, and nothing else. */
export function frameSourcesOf(providers: Iterable<EmbedProvider>): string[] {
  return [...new Set([...providers].map((provider) => EMBED_PROVIDER_RULES[provider].frameHost))].sort();
}
