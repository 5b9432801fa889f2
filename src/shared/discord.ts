import { z } from 'zod';

// Discord presence on a public page (issue 9): what the product's own server
// tells the page, from a Lanyard-compatible API. The browser never talks to Discord.

export const DISCORD_STATUSES = ['online', 'idle', 'dnd', 'offline'] as const;

export const discordPresenceSchema = z
  .object({
    status: z.enum(DISCORD_STATUSES),
    username: z.string(),
    displayName: z.string(),
    /** What the user is doing: the first activity that is not a custom status. */
    activity: z.object({ name: z.string(), details: z.string().nullable(), state: z.string().nullable() }).nullable(),
    /** This site's address of the Discord avatar, when the profile shows it (fetched and re-encoded by the server). */
    avatarUrl: z.string().nullable(),
    /** This site's address of the avatar decoration, when the profile shows it. */
    decorationUrl: z.string().nullable(),
  })
  .meta({ id: 'DiscordPresence' });
export type DiscordPresence = z.infer<typeof discordPresenceSchema>;

/** How long a presence is kept before asking again (and how often a page refreshes it). */
export const DISCORD_PRESENCE_TTL_MS = 30_000;

/** Customize's Discord panel on a site that calls no other server. */
export const DISCORD_PRESENCE_OFF =
  'This site calls no other server (its administrator set OUTBOUND=off), so your page shows no Discord presence.';
