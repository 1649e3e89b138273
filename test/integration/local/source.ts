import { ApiClient } from '../../../electron/client';
import type { PageSource } from '../../../electron/core/local/sync';
import { isRec } from '../../../electron/core/local/values';

/** The engine's page source on a plain client (what the core builds on its API session). */
export function clientSource(baseUrl: string, apiKey: string): PageSource {
  const client = new ApiClient({ baseUrl, apiKey, gate: false });
  return {
    page: async (route, query, signal) => {
      const r = await client.callUnknown(route, { query }, { signal });
      return { data: Array.isArray(r.data) ? r.data.filter(isRec) : [], next: r.page?.has_more ? r.page.next_cursor : null };
    },
    get: async (route, id, signal) => {
      try {
        const r = await client.callUnknown(route, { params: { id } }, { signal });
        return isRec(r.data) ? r.data : null;
      } catch (e) {
        if ((e as { status?: number }).status === 404) return null;
        throw e;
      }
    },
  };
}
