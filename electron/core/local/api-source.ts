import { z } from 'zod';
import type { RouteId } from '../../../shared';
import { readKept, type KeptAnswer } from '../../client/response';
import type { ApiSession } from '../api-session';
import { toBridgeError } from '../errors';
import type { Page, PageSource } from './sync';
import { takeKept } from './engine-fetch';
import { isRec } from './values';

/** Few retries: a pass that cannot reach the API ends soon and says offline; the next one tries again. */
const SYNC_RETRY = { maxRetries: 3, maxDelayMs: 10_000 };
const business = z.looseObject({ id: z.string() });

/**
 * Pages, records and the business behind the key, read through the profile's API session at sync
 * priority (user requests go first). A page and the business come back as they came (`KeptAnswer`): the
 * engine's thread reads them (`readPage`, `readBusiness`), so main's thread neither parses nor checks
 * what a pass reads in bulk, and a pass's first read does not build the contract's parser on main.
 */
export function apiSource(api: ApiSession, profileId: string, transport?: typeof fetch): Omit<PageSource, 'page'> & { page: PageOnMain; business: BusinessOnMain } {
  const opts = (signal: AbortSignal) => ({ signal, priority: 'sync' as const, retry: SYNC_RETRY });
  return {
    page: async (route, query, signal) => {
      const r = await api.call(profileId, route, { query }, { ...opts(signal), readLater: true, ...(transport ? { transport } : {}) });
      if (!r.unread) throw new Error('the API session read a page that was to be read later');
      return r.unread;
    },
    get: async (route, id, signal) => {
      try {
        const r = await api.call(profileId, route, { params: { id } }, opts(signal));
        return isRec(r.data) ? r.data : null;
      } catch (err) {
        if ((err as { status?: unknown }).status === 404) return null;
        throw err;
      }
    },
    business: async (signal) => {
      try {
        const r = await api.call(profileId, 'business.get', {}, { ...opts(signal), readLater: true, ...(transport ? { transport } : {}) });
        if (!r.unread) throw new Error('the API session read the business that was to be read later');
        return r.unread;
      } catch (err) {
        const e = toBridgeError(err);
        if (e.kind === 'api' && e.status === 403 && e.code === 'insufficient_permission') return null;
        throw err;
      }
    },
  };
}

/** A page as main hands it over: the answer as it came. */
export type PageOnMain = (route: RouteId, query: Record<string, string | number>, signal: AbortSignal) => Promise<KeptAnswer>;
/** The business behind the key as main hands it over (null: the key may not read it). */
export type BusinessOnMain = (signal: AbortSignal) => Promise<KeptAnswer | null>;

/** The kept answer's body and headers: on the engine's thread when it fetched it, or sent with the answer. */
const bodyOf = (answer: KeptAnswer): KeptAnswer => (answer.kept === undefined ? answer : { ...answer, ...takeKept(answer.kept) });

/** The business main handed over, read against the contract where the engine runs: its id. */
export const readBusiness = (answer: KeptAnswer): string => business.parse(readKept('business.get', bodyOf(answer)).data).id;

/** A page main handed over, read against the contract where the engine runs: an item that fails is set apart, not the page. */
export function readPage(route: RouteId, answer: KeptAnswer): Page {
  const r = readKept(route, bodyOf(answer), { itemsApart: true });
  const data = Array.isArray(r.data) ? r.data.filter(isRec) : [];
  return { data, next: r.page?.has_more ? r.page.next_cursor : null, ...(r.rejected ? { rejected: r.rejected } : {}), ...(r.server_time ? { serverTime: r.server_time } : {}) };
}
