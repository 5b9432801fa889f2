import { z } from 'zod';
import { errorResponses } from '#shared/api.ts';
import type { FastifyRequest } from 'fastify';
import { mediaMessages } from '#shared/media.ts';
import { qrPngQuerySchema, qrSvgQuerySchema } from '#shared/qr-code.schema.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../http/who-is-asking.ts';
import { getCustomization } from '../customization/customization.service.ts';
import { lookShownOn } from '#shared/plan-look.ts';
import type { MediaProcessor } from '../media/media-processor.ts';
import { findMediaFile, parseMediaUrl } from '../media/media.repository.ts';
import { runMediaJob } from '../media/media.service.ts';
import { qrAddressOf, qrColourOf, qrSvg, sizedSvg } from './qr-code.ts';
import { siteOrigin } from '../http/site-origin.ts';

const tags = ['Share'];

/** The signed-in creator's QR code, under /api/me: to show in the dashboard and to download. */
export function registerShareRoutes(app: App, db: Db, config: AppConfig, media: MediaProcessor): void {
  /** The owner's profile picture as the square PNG a code's middle shows (made by the media worker), or undefined without one. */
  const pictureOf = async (owner: UserRow): Promise<Buffer | undefined> => {
    const address = owner.profileImage ? parseMediaUrl(owner.profileImage) : undefined;
    const file = address && (await findMediaFile(db, address.hash, address.ext));
    if (!file) return undefined;
    return (await runMediaJob(media, 'qr-picture', Buffer.from(file.data), owner, mediaMessages.cannotDecode)).data;
  };

  /** What both drawings show: the signed-in owner's address, in the asked style, with the picture when asked and there is one. */
  const qrOf = async (request: FastifyRequest, query: z.infer<typeof qrSvgQuerySchema>) => {
    const owner = requireUser(request);
    // In the primary colour the page draws: a colour kept from another plan is not the page's (issue 33).
    const look = lookShownOn(config.planLimits[owner.plan], await getCustomization(db, owner.id));
    const colour = qrColourOf(query.style, look);
    const picture = query.picture === 'true' ? await pictureOf(owner) : undefined;
    return { owner, address: qrAddressOf(siteOrigin(config.publicUrl, request), owner.username), colour, picture };
  };

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
      const { owner, address, colour, picture } = await qrOf(request, request.query);
      const svg = await qrSvg(address, colour, picture);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-disposition', `inline; filename="${owner.username}-qr.svg"`)
        .header('cache-control', 'private, no-cache')
        .send(svg);
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
      const { owner, address, colour, picture } = await qrOf(request, request.query);
      const { size } = request.query;
      // The SVG drawing rasterized by the media worker, bounded like uploads: a 2048 px PNG takes half a second of
      // CPU, which the server's own thread never spends (issue 51).
      const svg = sizedSvg(await qrSvg(address, colour, picture), size);
      const png = (await runMediaJob(media, 'qr-code', Buffer.from(svg), owner, mediaMessages.cannotDecode)).data;
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', `inline; filename="${owner.username}-qr.png"`)
        .header('cache-control', 'private, no-cache')
        .send(png);
    },
  );
}
