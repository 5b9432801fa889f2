import type { FastifyInstance } from 'fastify';

export interface ListedRoute {
  method: string;
  url: string;
  /** What the route's guarded scope acts on: 'account', the least page role, or 'admin' (http/who-is-asking.ts). */
  readonly actsOn?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, prefix included (the guard and fuzz tests walk them). */
    routeList: readonly ListedRoute[];
  }
}

/** Lists every route as it is registered; what its scope acts on is read once every onRoute hook has run. */
export function registerRouteList(app: FastifyInstance): void {
  const routeList: ListedRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeList.push({
        method,
        url: route.url,
        get actsOn() {
          return route.config?.actsOn;
        },
      });
    }
  });
  app.decorate('routeList', routeList);
}
