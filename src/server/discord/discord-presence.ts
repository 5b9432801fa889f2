import { z } from 'zod';
import { DISCORD_PRESENCE_TTL_MS, DISCORD_STATUSES, type DiscordPresence } from '#shared/discord.ts';
import { MEMORY_BOUNDS } from '../memory-bounds.ts';

/** What we read of a Lanyard answer (https://github.com/Phineas/lanyard): anything else is ignored. */
const lanyardSchema = z.object({
  success: z.literal(true),
  data: z.object({
    discord_status: z.enum(DISCORD_STATUSES),
    discord_user: z.object({ username: z.string().max(100), global_name: z.string().max(100).nullish() }),
    activities: z
      .array(
        z.object({
          type: z.number(),
          name: z.string().max(200),
          details: z.string().max(200).nullish(),
          state: z.string().max(200).nullish(),
        }),
      )
      .max(50)
      .default([]),
  }),
});

/** Custom statuses (type 4) are not an activity to show. */
const CUSTOM_STATUS = 4;
const TIMEOUT_MS = 2_000;

function toPresence(answer: z.infer<typeof lanyardSchema>): DiscordPresence {
  const { data } = answer;
  const activity = data.activities.find((entry) => entry.type !== CUSTOM_STATUS);
  return {
    status: data.discord_status,
    username: data.discord_user.username,
    displayName: data.discord_user.global_name || data.discord_user.username,
    activity: activity ? { name: activity.name, details: activity.details ?? null, state: activity.state ?? null } : null,
  };
}

/**
 * Discord presence from a Lanyard-compatible API, asked by this server and kept
 * 30 s per Discord id (a failure too, so an unreachable service is not asked on
 * every visit). Unreachable, slow or malformed: null, and the card does not show.
 */
export class DiscordPresenceClient {
  private readonly cache = new Map<string, { at: number; presence: Promise<DiscordPresence | null> }>();

  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  get(discordUserId: string): Promise<DiscordPresence | null> {
    const cached = this.cache.get(discordUserId);
    if (cached && this.now() - cached.at < DISCORD_PRESENCE_TTL_MS) return cached.presence;
    const presence = this.ask(discordUserId);
    this.cache.delete(discordUserId);
    if (this.cache.size >= MEMORY_BOUNDS.discordPresences) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(discordUserId, { at: this.now(), presence });
    return presence;
  }

  private async ask(discordUserId: string): Promise<DiscordPresence | null> {
    try {
      const response = await this.fetchImpl(`${this.baseUrl}/users/${discordUserId}`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return null;
      const parsed = lanyardSchema.safeParse(await response.json());
      return parsed.success ? toPresence(parsed.data) : null;
    } catch {
      return null;
    }
  }
}
