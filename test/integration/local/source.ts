import { ApiClient } from '../../../electron/client';
import { readPage } from '../../../electron/core/local/api-source';
import type { PageSource } from '../../../electron/core/local/sync';
import { isRec } from '../../../electron/core/local/values';

/** The engine's page source on a plain client (what the core builds on its API session). */
export function clientSource(baseUrl: string, apiKey: string): PageSource {
  const client = new ApiClient({ baseUrl, apiKey, gate: false });
  return {
    // As main hands a page to the engine, and the engine reads it.
    page: async (route, query, signal) => readPage(route, (await client.callUnknown(route, { query }, { signal, readLater: true })).unread!),
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
