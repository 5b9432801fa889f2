import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** A multipart/form-data body with one file, as a browser sends it. */
export function multipart(filename: string, mime: string, content: Buffer) {
  const boundary = `----linkverse${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/media/{kind} with one file, as `user`: the server's answer, whatever it is. */
export function postMedia(
  app: FastifyInstance,
  user: { cookie: string },
  kind: string,
  file: { name: string; mime: string; content: Buffer },
) {
  const body = multipart(file.name, file.mime, file.content);
  return app.inject({
    method: 'POST',
    url: `/api/media/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, cookie: user.cookie },
  });
}

export function pngImage(width = 600, height = 400, color = '#ff0066'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: color } })
    .png()
    .toBuffer();
}

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><circle cx="256" cy="256" r="200" fill="#8B5CF6"/><script>alert(1)</script></svg>',
);

/** Random bytes: larger than any icon may be, and no image at all. */
export function noise(bytes: number): Buffer {
  return randomBytes(bytes);
}

/** The smallest MP3 file-type recognises: an ID3 tag, then an MPEG frame header. */
export const MP3_SAMPLE = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([3, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(2000),
]);
