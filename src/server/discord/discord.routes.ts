import { z } from 'zod';
import { dataOf, errorResponses } from '#shared/api.ts';
import { discordPresenceSchema } from '#shared/discord.ts';
import { profileMessages } from '#shared/profile.types.ts';
import type { App } from '../http/app-types.ts';
import { AppError } from '../http/errors.ts';
import type { Db } from '../db/database.ts';
import { loadPublicPage } from '../public-page/public-page.service.ts';
import type { DiscordPresenceClient } from './discord-presence.ts';

export function registerDiscordRoutes(app: App, db: Db, presences: DiscordPresenceClient): void {
  // GET /api/public/{username}/discord: the presence card of a profile that shows it.
  app.get(
    '/api/public/:username/discord',
    {
      schema: {
        tags: ['Public profiles'],
        summary: "A profile's Discord presence (null while the presence service does not answer)",
        params: z.object({ username: z.string().trim().toLowerCase().max(100) }),
        response: { 200: dataOf(discordPresenceSchema.nullable()), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const page = await loadPublicPage(db, request.params.username);
      const { discordPresence, discordUserId } = page?.customization ?? {};
      if (!page || !discordPresence || !discordUserId) throw new AppError(404, 'not_found', profileMessages.notFound);
      reply.header('cache-control', 'public, max-age=15');
      return { data: await presences.get(discordUserId) };
    },
  );
}
