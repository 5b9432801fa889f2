import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_MAINTENANCE_MESSAGE, SITE_SETTINGS_REFRESH_MS, type SiteSettings } from '#shared/admin.ts';
import type { Db } from '../db/database.ts';
import { loadSiteSettings } from './site-settings.service.ts';
import type { ChangeBus } from '../http/change-bus.ts';

const LIVE: SiteSettings = { maintenanceMode: false, maintenanceMessage: DEFAULT_MAINTENANCE_MESSAGE };

/**
 * The site settings as this instance knows them: read at most every 30 s
 * (spec 001 §4), at once when any instance changes them (through the change
 * bus, so through Redis across instances). If they cannot be read, the site
 * is treated as live.
 */
export class SiteSettingsCache {
  private settings: SiteSettings = LIVE;
  private readAt = 0;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    bus: ChangeBus,
    private readonly log: FastifyBaseLogger,
  ) {
    bus.subscribe((message) => {
      if (message.topic === 'site-settings') this.readAt = 0;
    });
  }

  /** What is known now, without waiting (the fast path asks this). */
  current(): SiteSettings {
    if (Date.now() - this.readAt > SITE_SETTINGS_REFRESH_MS) void this.refresh();
    return this.settings;
  }

  /** Fresh within 30 s. */
  async get(): Promise<SiteSettings> {
    if (Date.now() - this.readAt > SITE_SETTINGS_REFRESH_MS) await this.refresh();
    return this.settings;
  }

  private refresh(): Promise<void> {
    this.reading ??= loadSiteSettings(this.db)
      .then(
        (settings) => {
          this.settings = settings;
        },
        (error: unknown) => {
          this.log.warn({ err: error }, 'site settings could not be read; treating the site as live');
          this.settings = LIVE;
        },
      )
      .finally(() => {
        this.readAt = Date.now();
        this.reading = undefined;
      });
    return this.reading;
  }
}
