// Every in-memory structure that grows with traffic, and its bound, in one place
// (issue 13). The page cache's budget is configuration (PAGE_CACHE_MB); the rest
// are sized so that, full, they stay small next to it.

export const MEMORY_BOUNDS = {
  /** Default page cache budget: rendered pages (brotli, and gzip when asked) and their keys. PAGE_CACHE_MB overrides it. */
  pageCacheBytes: 64 * 1024 * 1024,
  /** What a cached page costs beyond its bytes: its entry in two maps, its object and its buffers' headers (measured, rounded up). */
  pageEntryOverheadBytes: 400,
  /** Share images drawn (issue 31): PNGs of 1200 × 630, 50 to 200 kB each, by profile and version. */
  shareImageBytes: 16 * 1024 * 1024,
  /** Click-redirect targets (link id → URL): about 150 bytes each. */
  redirectTargets: 200_000,
  /** Visitors in one analytics window (one second); past this the window is written at once. */
  windowVisitors: 20_000,
  /** Daily visitor ids remembered (one HMAC per visitor a day); past this the least recently seen go. */
  visitorIds: 100_000,
  /** Discord presences kept (30 s each, one per Discord id of a profile showing presence); past this the oldest go. */
  discordPresences: 10_000,
  /** Discord avatar and decoration images kept (re-encoded PNG, at most 160 px, a few kB each; 5 minutes each). */
  discordImages: 1_000,
  /** User agents whose device class a page drawn per audience was asked for (issue 30): a few hundred bytes each. */
  deviceClasses: 2_000,
  /** Visitor windows (and profiles' time zones) an analytics writer remembers, so that repeats need no question to the database (about 150 bytes each). */
  openWindows: 100_000,
  /** SQLite's own page cache, per connection (the app's and the analytics writer's), in kB; the operating system caches the file too. */
  sqlitePageCacheKb: 2048,
  /** Compiled SQLite statements kept per connection, counted by the length of their SQL (a statement's size follows it). */
  sqliteStatementSqlBytes: 128 * 1024,
  /** Site origins (PUBLIC_URL, or Host headers without it) whose compressed site pages are kept; another origin's are made per answer. */
  sitePageOrigins: 4,
  /** Analytics rows kept while the database does not answer; past this the oldest are given up (and logged). */
  retryRows: 200_000,
} as const;

/** The media worker's bounds (MediaProcessor): what one account's uploads may cost everyone else. */
export const MEDIA_LIMITS = {
  /** A decode running longer is refused ('Failed to process image') and its worker killed. A 24-megapixel JPEG takes about 0.75 s on one core here; a 5 MB upload about half that. */
  jobTimeMs: 1500,
  /**
   * The server's own drawings (a page's share image, a QR code): their input is the server's, bounded by the
   * profile's limits, and their first one in a fresh worker also loads the drawing libraries (satori, resvg),
   * which a busy machine takes over a second to do. Given longer; no one can make them heavier.
   */
  drawingTimeMs: 8000,
  /** Uploads waiting for the worker; past this, an upload is refused with 429 until the queue drains. */
  queuedJobs: 16,
  /** Of those, one account's (or the server's own Discord images'). */
  queuedJobsPerOwner: 2,
  /** The worker process stops after this long without a job (about 60 MB given back). */
  workerIdleMs: 30_000,
} as const;
