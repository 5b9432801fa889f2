import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_MAINTENANCE_MESSAGE, SITE_SETTINGS_REFRESH_MS, type SiteSettings } from '#shared/admin.ts';
import type { Db } from '../db/database.ts';
import { loadSiteSettings } from './site-settings.service.ts';
import type { ChangeBus } from '../http/change-bus.ts';

const LIVE: SiteSettings = { maintenanceMode: false, maintenanceMessage: DEFAULT_MAINTENANCE_MESSAGE };

/**
 * The site settings as this instance knows them: read at most every 30 s
 * (spec 001 §4), and replaced the moment any instance changes them (the change
 * message carries the new settings, through Redis across instances), so the
 * fast path, which cannot wait for a read, never answers one request late.
 * If they cannot be read, the site is treated as live.
 */
export class SiteSettingsCache {
  private settings: SiteSettings = LIVE;
  private readAt = 0;
  private reading: Promise<void> | undefined;
  /** Counts applied changes, so that a read begun before one cannot undo it. */
  private applied = 0;

  constructor(
    private readonly db: Db,
    bus: ChangeBus,
    private readonly log: FastifyBaseLogger,
  ) {
    bus.subscribe((message) => {
      if (message.topic === 'site-settings') this.apply(message.settings);
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

  private apply(settings: SiteSettings): void {
    this.applied += 1;
    this.settings = settings;
    this.readAt = Date.now();
  }

  private refresh(): Promise<void> {
    const appliedBefore = this.applied;
    const keep = (settings: SiteSettings) => {
      if (this.applied === appliedBefore) this.settings = settings;
    };
    this.reading ??= loadSiteSettings(this.db)
      .then(keep, (error: unknown) => {
        this.log.warn({ err: error }, 'site settings could not be read; treating the site as live');
        keep(LIVE);
      })
      .finally(() => {
        this.readAt = Date.now();
        this.reading = undefined;
      });
    return this.reading;
  }
}
