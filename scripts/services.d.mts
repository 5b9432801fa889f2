export const LOCAL_POSTGRES_URL: string;
export const LOCAL_REDIS_URL: string;
export function canConnect(url: string, defaultPort?: number): Promise<boolean>;
export function withLocalServices(env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv>;
