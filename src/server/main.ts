import { buildApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnv, retiredSettingsIn } from './config.ts';

const SHUTDOWN_LIMIT_MS = 9_000;

// Read the configuration, build the app (which migrates), listen, and close
// cleanly on SIGINT/SIGTERM.
async function main(): Promise<void> {
  let config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  for (const notice of retiredSettingsIn(process.env)) app.log.warn(notice);
  const shutdown = async (signal: string) => {
    // Whatever holds the close (a client that never reads, a stalled database), the process ends within 10 s.
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  // SIGUSR2: one log line with the process's memory and the page cache's (operators, npm run bench).
  process.on('SIGUSR2', () => {
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    app.log.info({ rss, heapUsed, heapTotal, external, arrayBuffers, pageCache: app.pageCache.size }, 'memory');
  });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // Fastify logs one line per network interface; the operator needs one: where to open the site.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  // The line the README promises, as it is in either log format (issue 51): a person reads it, not a log pipeline.
  process.stdout.write(`Linkverse is running at ${addressToOpen(config.publicUrl, config.host, config.port)}\n`);
}

function addressToOpen(publicUrl: string | undefined, host: string, port: number): string {
  if (publicUrl) return publicUrl;
  const local = host === '0.0.0.0' || host === '::' || host === '127.0.0.1' || host === '::1';
  return `http://${local ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
