export { type ServerProcess, startServerProcess } from '../../scripts/server-process.ts';

/** A desktop browser's user agent, different for each visitor number (bots are not counted). */
export const visitorAgent = (visitor: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.${visitor}.0 Safari/537.36`;
