import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { siteSettingsResponseSchema } from '#shared/admin.ts';

/**
 * What changed, so that every instance can drop what it cached about it. New
 * site settings travel whole, so every instance applies them the moment the
 * message arrives, without reading them back first.
 */
const changeMessageSchema = z.discriminatedUnion('topic', [
  z.object({ topic: z.literal('profile'), userId: z.number().int() }),
  z.object({ topic: z.literal('site-settings'), settings: siteSettingsResponseSchema }),
]);
export type ChangeMessage = z.infer<typeof changeMessageSchema>;
/** What travels on the Redis channel: the message and the instance that sent it. */
const envelopeSchema = z.object({ from: z.string(), message: changeMessageSchema });

/** The message that drops everything cached about a user's public profile: its pages and redirect targets, under any name. */
export function profileChange(user: { id: number }): ChangeMessage {
  return { topic: 'profile', userId: user.id };
}

export interface ChangeBus {
  /** Resolves once this instance listens to the others. */
  ready: Promise<unknown>;
  publish(message: ChangeMessage): void;
  subscribe(handler: (message: ChangeMessage) => void): void;
  close(): Promise<void>;
}

/**
 * Handlers run at once in this process; with Redis the message also reaches
 * every other instance (DESIGN.md: REDIS_URL shares cache invalidation).
 */
export function createChangeBus(redis: Redis | undefined, channel: string): ChangeBus {
  const local = new EventEmitter();
  const instanceId = randomUUID();
  let subscriber: Redis | undefined;
  let ready: Promise<unknown> = Promise.resolve();
  if (redis) {
    subscriber = redis.duplicate();
    ready = subscriber.subscribe(channel);
    subscriber.on('message', (_channel: string, raw: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return;
      }
      // A malformed message from elsewhere on the channel changes nothing here.
      const envelope = envelopeSchema.safeParse(parsed);
      if (envelope.success && envelope.data.from !== instanceId) local.emit('change', envelope.data.message);
    });
  }
  return {
    ready,
    publish(message) {
      local.emit('change', message);
      void redis?.publish(channel, JSON.stringify({ from: instanceId, message })).catch(() => undefined);
    },
    subscribe(handler) {
      local.on('change', handler);
    },
    async close() {
      subscriber?.disconnect();
    },
  };
}
