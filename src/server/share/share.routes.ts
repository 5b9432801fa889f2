import { z } from 'zod';
import { errorResponses } from '#shared/api.ts';
import type { FastifyRequest } from 'fastify';
import { type QrStyle, qrPngQuerySchema, qrSvgQuerySchema } from '#shared/qr-code.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { App } from '../http/app-types.ts';
import { requireUser } from '../auth/sessions.ts';
import { getCustomization } from '../customization/customization.service.ts';
import { originOf } from '../public-page/public-page.routes.ts';
import { qrAddressOf, qrColourOf, qrPng, qrSvg } from './qr-code.ts';

const tags = ['Share'];

/** The signed-in creator's QR code, under /api/me: to show in the dashboard and to download. */
export function registerShareRoutes(app: App, db: Db, config: AppConfig): void {
  /** What both drawings encode and in which colour: the signed-in owner's address, in the asked style. */
  const qrOf = async (request: FastifyRequest, style: QrStyle) => {
    const owner = requireUser(request);
    const colour = qrColourOf(style, await getCustomization(db, owner.id));
    return { username: owner.username, address: qrAddressOf(originOf(config, request), owner.username), colour };
  };

  // GET /api/me/qr.svg
  app.get(
    '/qr.svg',
    {
      schema: {
        tags,
        summary: "The profile's QR code as SVG: its address with ?ref=qr, in the look's primary colour or black",
        querystring: qrSvgQuerySchema,
        produces: ['image/svg+xml'],
        response: { 200: z.string(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { username, address, colour } = await qrOf(request, request.query.style);
      const svg = await qrSvg(address, colour);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-disposition', `inline; filename="${username}-qr.svg"`)
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
      const { username, address, colour } = await qrOf(request, request.query.style);
      const png = await qrPng(address, colour, request.query.size);
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', `inline; filename="${username}-qr.png"`)
        .header('cache-control', 'private, no-cache')
        .send(png);
    },
  );
}
