declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route stays open while coming-soon mode closes the site (spec 001 §4):
     * what an admin needs to sign in, and what operators' probes ask. A route
     * declares it in its config (`config: OPEN_WHILE_CLOSED`); the gate keeps no
     * list of paths.
     */
    openWhileClosed?: boolean;
  }
}

/** Route config of a route that stays open while the site is closed. */
export const OPEN_WHILE_CLOSED = { openWhileClosed: true } as const;
