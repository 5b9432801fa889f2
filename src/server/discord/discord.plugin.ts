import type { FeaturePlugin } from '../services.ts';
import { DiscordPresenceClient } from './discord-presence.ts';
import { registerDiscordRoutes } from './discord.routes.ts';

/** The public page's Discord card: presence asked by this server, avatars decoded by the media worker. */
export const discordPlugin: FeaturePlugin = (app, { db, config, media, publicProfileNamed }) => {
  const decodeDiscordImage = async (bytes: Buffer, cdnPath: string) => (await media.process('discord', bytes, `discord:${cdnPath}`)).data;
  const api = config.outbound ? config.discordPresenceApi : null;
  registerDiscordRoutes(app, db, publicProfileNamed, new DiscordPresenceClient(api, decodeDiscordImage), config.discordCdn);
};
