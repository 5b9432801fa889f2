// The PostgreSQL and Redis the tests, the fuzz run and the benches use:
// TEST_DATABASE_URL / TEST_REDIS_URL when set, else the local defaults when they answer.
import net from 'node:net';

export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether something accepts TCP connections at the URL's host and port (within 1.5 s). */
export function canConnect(url, defaultPort = 5432) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || defaultPort) });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** `env` with TEST_DATABASE_URL and TEST_REDIS_URL filled in from the local services that answer. */
export async function withLocalServices(env) {
  const result = { ...env };
  if (!result.TEST_DATABASE_URL && (await canConnect(LOCAL_POSTGRES_URL))) result.TEST_DATABASE_URL = LOCAL_POSTGRES_URL;
  if (!result.TEST_REDIS_URL && (await canConnect(LOCAL_REDIS_URL, 6379))) result.TEST_REDIS_URL = LOCAL_REDIS_URL;
  return result;
}
