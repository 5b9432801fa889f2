import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

// The embed providers cannot be reached from here: this local HTTP server
// stands in for their oEmbed endpoints (https://oembed.com), answering at
// /{provider}/{endpoint's path} (EMBED_OEMBED_ORIGIN) in their shape, and
// serves the pictures its answers point to.
//   YouTube: a title (with markup and line breaks in it) and a 1280×720 picture.
//   Vimeo: a title, no picture.
//   Spotify: down (503).
//   SoundCloud: a title, and a picture said to be at a private address.

export interface EmbedProviderStandIn {
  origin: string;
  /** Every request it was sent: the path, and the address asked about. */
  asked: Array<{ path: string; url: string | null }>;
  close(): Promise<void>;
}

export const STAND_IN_TITLES = {
  youtube: 'Never Gonna Give You Up <script>alert(1)</script>',
  vimeo: 'The New Vimeo Player',
  soundcloud: 'Flickermood',
};

export async function startEmbedProvider(): Promise<EmbedProviderStandIn> {
  const picture = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#cc2233' } })
    .jpeg()
    .toBuffer();
  const asked: EmbedProviderStandIn['asked'] = [];
  let origin = '';
  const server = http.createServer((request, response) => {
    const address = new URL(request.url!, 'http://stand-in');
    asked.push({ path: address.pathname, url: address.searchParams.get('url') });
    const json = (body: unknown, status = 200) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    switch (address.pathname) {
      case '/youtube/oembed':
        return json({
          type: 'video',
          title: 'Never   Gonna\nGive You Up <script>alert(1)</script>',
          thumbnail_url: `${origin}/pictures/hqdefault.jpg`,
          html: '<iframe src="https://www.youtube.com/embed/x"></iframe>',
        });
      case '/vimeo/api/oembed.json':
        return json({ type: 'video', title: STAND_IN_TITLES.vimeo });
      case '/spotify/oembed':
        return json({ error: 'unavailable' }, 503);
      case '/soundcloud/oembed':
        return json({ title: STAND_IN_TITLES.soundcloud, thumbnail_url: 'http://169.254.169.254/latest/meta-data' });
      case '/pictures/hqdefault.jpg':
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return response.end(picture);
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, asked, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
