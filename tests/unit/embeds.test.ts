import { describe, expect, it } from 'vitest';
import { checkEmbedAddress, embedMessages, embedUrlSchema, frameSourcesOf } from '#shared/embeds.ts';

// The providers' address rules (issue 30), written down once: what each
// pasted address embeds, in which canonical form, and with which player.

describe('embed addresses', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ?si=abc', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://vimeo.com/76979871'],
    ['https://vimeo.com/76979871/8272103f6e', 'https://vimeo.com/76979871/8272103f6e'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://vimeo.com/76979871'],
    ['https://player.vimeo.com/video/76979871?h=8272103f6e', 'https://vimeo.com/76979871/8272103f6e'],
    ['https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC?si=1', 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC'],
    ['https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M', 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M'],
    ['https://soundcloud.com/forss/flickermood', 'https://soundcloud.com/forss/flickermood'],
    ['https://m.soundcloud.com/forss/sets/soulhack', 'https://soundcloud.com/forss/sets/soulhack'],
  ])('reads %s as %s', (input, canonical) => {
    const checked = checkEmbedAddress(input);
    expect(checked.ok && checked.target.url).toBe(canonical);
  });

  it('loads each player from its own host: YouTube through youtube-nocookie.com, Vimeo without tracking', () => {
    const player = (input: string) => {
      const checked = checkEmbedAddress(input);
      return checked.ok ? checked.target : undefined;
    };
    expect(player('https://youtu.be/dQw4w9WgXcQ')?.player).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(player('https://vimeo.com/76979871')?.player).toBe('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
    expect(player('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC')).toMatchObject({
      player: 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
      shape: { kind: 'audio', height: 152 },
    });
    expect(player('https://soundcloud.com/forss/flickermood')?.player).toBe(
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood&auto_play=true&visual=false',
    );
  });

  it.each([
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil-youtube.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'not an address',
  ])('refuses %s, naming the supported providers', (input) => {
    expect(checkEmbedAddress(input)).toEqual({ ok: false, message: embedMessages.unsupported });
  });

  it.each([
    ['https://www.youtube.com/feed/trending', 'youtube'],
    ['https://www.youtube.com/watch?v=short', 'youtube'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>', 'youtube'],
    ['https://vimeo.com/showcase/123', 'vimeo'],
    ['https://open.spotify.com/user/spotify', 'spotify'],
    ['https://open.spotify.com/track/../../evil', 'spotify'],
    ['https://soundcloud.com/discover/sets/x', 'soundcloud'],
    ['https://soundcloud.com/forss', 'soundcloud'],
  ] as const)('says %s is not a page %s can play', (input, provider) => {
    expect(checkEmbedAddress(input)).toEqual({ ok: false, message: embedMessages.notPlayable(provider) });
  });

  it('keeps the canonical form through the schema, and says why an address is refused', () => {
    expect(embedUrlSchema.parse('  youtu.be/dQw4w9WgXcQ ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(embedUrlSchema.safeParse('').error?.issues[0]?.message).toBe(embedMessages.missing);
    expect(embedUrlSchema.safeParse(`https://youtu.be/${'a'.repeat(3000)}`).error?.issues[0]?.message).toBe(embedMessages.tooLong);
  });

  it('lets a page frame only the players of the providers it embeds', () => {
    expect(frameSourcesOf([])).toEqual([]);
    expect(frameSourcesOf(['youtube', 'spotify', 'youtube'])).toEqual(['https://open.spotify.com', 'https://www.youtube-nocookie.com']);
  });
});
