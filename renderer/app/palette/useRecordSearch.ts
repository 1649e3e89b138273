import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { asBridgeError, callAnyRoute } from '../../bridge/call';
import { batchedRead } from '../../data/localBatch';
import { declOf } from '../../resources/lookup';
import type { BridgeError } from '../../../shared';

/** Fewer letters find too much to be useful. */
export const MIN_SEARCH = 2;
const PER_AREA = 5;
const DEBOUNCE_MS = 250;

export interface AreaHits { area: string; rows: Record<string, unknown>[]; error: BridgeError | null }
/** Where an area's records are found: the local copy (every text column) or the API's own search. */
export interface SearchSource { area: string; from: 'local' | 'api' }
export interface RecordSearch { query: string; hits: AreaHits[]; searching: boolean }

/**
 * Records matching what the user typed, at most five an area, a moment after they stop typing: from
 * the local copy where an area's is filled (any area, every text column), else from the API's search.
 * Typing on cancels the search on its way at once: the bridge abandons those calls in main, so a
 * slow answer for old letters never lands.
 */
export function useRecordSearch(query: string, sources: readonly SearchSource[], language: 'en' | 'he'): RecordSearch {
  const text = query.trim();
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  const [result, setResult] = useState<RecordSearch>({ query: '', hits: [], searching: false });
  const inflight = useRef<{ query: string; ctrl: AbortController } | null>(null);

  // Typing on: the search for the old letters is no longer wanted.
  useEffect(() => {
    if (inflight.current && inflight.current.query !== text) {
      inflight.current.ctrl.abort();
      inflight.current = null;
    }
  }, [text]);

  const key = sources.map((x) => `${x.area}:${x.from}`).join(',');
  useEffect(() => {
    if (debounced.length < MIN_SEARCH) {
      setResult({ query: debounced, hits: [], searching: false });
      return;
    }
    const ctrl = new AbortController();
    inflight.current = { query: debounced, ctrl };
    setResult((r) => ({ ...r, searching: true }));
    void Promise.all(key.split(',').filter(Boolean).map(async (entry): Promise<AreaHits> => {
      const [area = '', from] = entry.split(':');
      const route = declOf(area)?.list?.route;
      if (!route) return { area, rows: [], error: null };
      try {
        if (from === 'local') {
          const r = await batchedRead('query', { area, search: debounced, filters: [], sort: [], language, page: { offset: 0, limit: PER_AREA } }, ctrl.signal);
          return { area, rows: r.rows, error: null };
        }
        const r = await callAnyRoute(route, { query: { search: debounced, limit: PER_AREA } }, ctrl.signal);
        return { area, rows: Array.isArray(r.data) ? (r.data as Record<string, unknown>[]) : [], error: null };
      } catch (e) {
        return { area, rows: [], error: asBridgeError(e) };
      }
    })).then((hits) => {
      if (ctrl.signal.aborted) return;
      inflight.current = null;
      setResult({ query: debounced, hits, searching: false });
    });
    return () => ctrl.abort();
  }, [debounced, key, language]);

  return debounced === text ? result : { ...result, searching: text.length >= MIN_SEARCH };
}
