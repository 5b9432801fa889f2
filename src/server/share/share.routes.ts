import { z } from 'zod';
import { errorResponses } from '#shared/api.ts';
import { qrPngQuerySchema, qrSvgQuerySchema } from '#shared/qr-code.schema.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../http/who-is-asking.ts';
import { type QrCodeDeps, drawOwnersQrCode } from './qr-code.service.ts';
import { siteOrigin } from '../http/site-origin.ts';

const tags = ['Share'];

/** The signed-in creator's QR code, under /api/me: to show in the dashboard and to download. */
export function registerShareRoutes(app: App, deps: QrCodeDeps): void {
  const { config } = deps;
  // GET /api/me/qr.svg
  app.get(
    '/qr.svg',
    {
      schema: {
        tags,
        summary:
          "The profile's QR code as SVG: its address with ?ref=qr, in the look's primary colour or black, with the profile picture in the middle if asked",
        querystring: qrSvgQuerySchema,
        produces: ['image/svg+xml'],
        response: { 200: z.string(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const owner = requireUser(request);
      const svg = await drawOwnersQrCode(deps, owner, siteOrigin(config.publicUrl, request), request.query);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-disposition', `inline; filename="${owner.username}-qr.svg"`)
        .header('cache-control', 'private, no-cache')
        .send(svg.toString('utf8'));
    },
  );

  // GET /api/me/qr.png
  app.get(
    '/qr.png',
    {
      schema: {
        tags,
        summary: "The profile's QR code as a square PNG, 1024 px unless asked (128 to 2048)",
        querystring: qrPngQuerySchema,
        produces: ['image/png'],
        response: { 200: z.any(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const owner = requireUser(request);
      // Drawn and rasterized by the media worker, bounded like uploads: a 2048 px PNG takes half a second of
      // CPU, which the server's own thread never spends (issue 51).
      const png = await drawOwnersQrCode(deps, owner, siteOrigin(config.publicUrl, request), request.query);
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', `inline; filename="${owner.username}-qr.png"`)
        .header('cache-control', 'private, no-cache')
        .send(png);
    },
  );
}
