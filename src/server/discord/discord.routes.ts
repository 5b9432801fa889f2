import { z } from 'zod';
import { dataOf, errorResponses } from '#shared/api.ts';
import { type DiscordPresence, discordPresenceSchema } from '#shared/discord.ts';
import { profileMessages } from '#shared/profile.types.ts';
import type { App } from '../http/app-types.ts';
import { AppError } from '../http/errors.ts';
import type { Db } from '../db/database.ts';
import { parseCustomizationDocument } from '#shared/customization.ts';
import type { Services } from '../services.ts';
import type { DiscordPresenceClient, FetchedPresence } from './discord-presence.ts';

const usernameParams = z.object({ username: z.string().trim().toLowerCase().max(100) });
const imageParams = usernameParams.extend({ image: z.enum(['avatar', 'decoration'], { error: profileMessages.notFound }) });

export function registerDiscordRoutes(
  app: App,
  db: Db,
  publicProfileNamed: Services['publicProfileNamed'],
  presences: DiscordPresenceClient,
  cdnBase: string,
): void {
  /**
   * The presence of a profile that shows it, with what its look asks to show; 404 otherwise.
   * Pages ask every 30 s: only the profile's row and look are read, not its links.
   */
  const presenceOf = async (username: string) => {
    const user = await publicProfileNamed(db, username);
    const look = user ? parseCustomizationDocument(user.customization) : undefined;
    if (!look?.discordPresence || !look.discordUserId) throw new AppError(404, 'not_found', profileMessages.notFound);
    return { look, fetched: await presences.get(look.discordUserId) };
  };

  const toPublic = (username: string, fetched: FetchedPresence, showAvatar: boolean, showDecoration: boolean): DiscordPresence => {
    // The image addresses change with the image, so that browsers may keep each for long.
    const address = (image: string, cdnPath: string | null) =>
      cdnPath ? `/static/discord/${username}/${image}?v=${encodeURIComponent(cdnPath.split('/').at(-1)!.split('.')[0]!)}` : null;
    return {
      ...fetched.presence,
      avatarUrl: showAvatar ? address('avatar', fetched.avatarPath) : null,
      decorationUrl: showDecoration ? address('decoration', fetched.decorationPath) : null,
    };
  };

  // GET /api/public/{username}/discord: the presence card of a profile that shows it.
  app.get(
    '/api/public/:username/discord',
    {
      schema: {
        tags: ['Public profiles'],
        summary: "A profile's Discord presence (null while the presence service does not answer)",
        params: usernameParams,
        response: { 200: dataOf(discordPresenceSchema.nullable()), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { look, fetched } = await presenceOf(request.params.username);
      reply.header('cache-control', 'public, max-age=15');
      const data = fetched ? toPublic(request.params.username, fetched, look.useDiscordAvatar, look.discordAvatarDecoration) : null;
      return { data };
    },
  );

  // GET /static/discord/{username}/{avatar|decoration}: Discord's image, fetched and re-encoded by this
  // server (an image, not JSON: outside /api, whose every answer is JSON).
  app.get('/static/discord/:username/:image', { schema: { hide: true, params: imageParams } }, async (request, reply) => {
    const { look, fetched } = await presenceOf(request.params.username);
    const avatar = request.params.image === 'avatar';
    const shown = avatar ? look.useDiscordAvatar : look.discordAvatarDecoration;
    const cdnPath = avatar ? fetched?.avatarPath : fetched?.decorationPath;
    const png = shown && cdnPath ? await presences.image(cdnBase, cdnPath) : null;
    if (!png) throw new AppError(404, 'not_found', profileMessages.notFound);
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=300')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(png);
  });
}
