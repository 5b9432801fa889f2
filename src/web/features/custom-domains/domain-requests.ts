import type { CustomDomainState } from '#shared/custom-domains.ts';
import { api } from '#web/lib/api.ts';

export const queryKey = ['custom-domain'];

/** Each call of the custom domain card answers the domain's whole state. */
export async function domainCall(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<CustomDomainState> {
  return (await api<{ data: CustomDomainState }>(path, { method, body })).data;
}
