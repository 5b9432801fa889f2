import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { DISCORD_PRESENCE_TTL_MS, DISCORD_STATUSES, type DiscordPresence } from '#shared/discord.ts';
import { MEMORY_BOUNDS } from '../memory-bounds.ts';

/** What we read of a Lanyard answer (https://github.com/Phineas/lanyard): anything else is ignored. */
const lanyardSchema = z.object({
  success: z.literal(true),
  data: z.object({
    discord_status: z.enum(DISCORD_STATUSES),
    discord_user: z.object({
      id: z.string().regex(/^\d{17,20}$/),
      username: z.string().max(100),
      global_name: z.string().max(100).nullish(),
      avatar: z
        .string()
        .regex(/^(a_)?[0-9a-f]{32}$/)
        .nullish(),
      avatar_decoration_data: z.object({ asset: z.string().regex(/^(a_)?[0-9a-f]{32}$/) }).nullish(),
    }),
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

/** A presence as asked: what the page shows, and where Discord keeps the images (never sent to the browser). */
export interface FetchedPresence {
  presence: Omit<DiscordPresence, 'avatarUrl' | 'decorationUrl'>;
  /** Paths on Discord's CDN, checked by the schema above (ids and hashes only). */
  avatarPath: string | null;
  decorationPath: string | null;
}

function toPresence(answer: z.infer<typeof lanyardSchema>): FetchedPresence {
  const { data } = answer;
  const user = data.discord_user;
  const activity = data.activities.find((entry) => entry.type !== CUSTOM_STATUS);
  return {
    presence: {
      status: data.discord_status,
      username: user.username,
      displayName: user.global_name || user.username,
      activity: activity ? { name: activity.name, details: activity.details ?? null, state: activity.state ?? null } : null,
    },
    avatarPath: user.avatar ? `/avatars/${user.id}/${user.avatar}.png?size=128` : null,
    decorationPath: user.avatar_decoration_data
      ? `/avatar-decoration-presets/${user.avatar_decoration_data.asset}.png?size=160&passthrough=false`
      : null,
  };
}

/**
 * Discord presence from a Lanyard-compatible API, asked by this server and kept
 * 30 s per Discord id (a failure too, so an unreachable service is not asked on
 * every visit). Unreachable, slow or malformed: null, and the card does not show.
 */
/** Answers kept for `ttlMs` each, at most `bound` of them (the least recently used go first). */
class TimedMemo<Value> {
  private readonly entries: LRUCache<string, { value: Promise<Value> }>;

  constructor(ttlMs: number, bound: number, now: () => number) {
    this.entries = new LRUCache({ max: bound, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  }

  get(key: string, make: () => Promise<Value>): Promise<Value> {
    const kept = this.entries.get(key);
    if (kept) return kept.value;
    const value = make();
    this.entries.set(key, { value });
    return value;
  }
}

export class DiscordPresenceClient {
  private readonly presences: TimedMemo<FetchedPresence | null>;
  private readonly images: TimedMemo<Buffer | null>;

  constructor(
    /** The Lanyard-compatible API; null when this site asks no other server (OUTBOUND=off): no presence is known. */
    private readonly baseUrl: string | null,
    /** Re-encodes a fetched image (in the media worker), keyed by its CDN path. */
    private readonly decodeImage: (bytes: Buffer, cdnPath: string) => Promise<Buffer>,
    private readonly fetchImpl: typeof fetch = fetch,
    now: () => number = Date.now,
  ) {
    this.presences = new TimedMemo(DISCORD_PRESENCE_TTL_MS, MEMORY_BOUNDS.discordPresences, now);
    this.images = new TimedMemo(IMAGE_TTL_MS, MEMORY_BOUNDS.discordImages, now);
  }

  get(discordUserId: string): Promise<FetchedPresence | null> {
    return this.presences.get(discordUserId, () => this.ask(discordUserId));
  }

  private async ask(discordUserId: string): Promise<FetchedPresence | null> {
    if (this.baseUrl === null) return null;
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

  /**
   * An avatar or decoration image from Discord's CDN, fetched by this server and
   * re-encoded (never passed through as sent), kept 5 minutes; null when it cannot be had.
   */
  image(cdnBase: string, cdnPath: string): Promise<Buffer | null> {
    return this.images.get(cdnPath, () => this.fetchImage(`${cdnBase}${cdnPath}`, cdnPath));
  }

  private async fetchImage(url: string, cdnPath: string): Promise<Buffer | null> {
    try {
      const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      const length = Number(response.headers.get('content-length') ?? 0);
      if (!response.ok || length > MAX_IMAGE_BYTES) return null;
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > MAX_IMAGE_BYTES) return null;
      return await this.decodeImage(bytes, cdnPath);
    } catch {
      return null;
    }
  }
}

const IMAGE_TTL_MS = 5 * 60_000;
/** Discord's avatars at 128 px and decorations at 160 px are tens of kB: anything far larger is not one. */
const MAX_IMAGE_BYTES = 1024 * 1024;
