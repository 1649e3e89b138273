import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { asBridgeError, callAnyRoute } from '../../bridge/call';
import { declOf } from '../../resources/lookup';
import type { SearchArea } from '../../resources/groups';
import type { BridgeError } from '../../../shared';

/** Fewer letters find too much to be useful. */
export const MIN_SEARCH = 2;
const PER_AREA = 5;
const DEBOUNCE_MS = 250;

export interface AreaHits { area: SearchArea; rows: Record<string, unknown>[]; error: BridgeError | null }
export interface RecordSearch { query: string; hits: AreaHits[]; searching: boolean }

/**
 * Records matching what the user typed, from the API's search of each area (at most five each),
 * a moment after they stop typing. Typing on cancels the search on its way at once: the bridge
 * abandons those calls in main, so a slow answer for old letters never lands.
 */
export function useRecordSearch(query: string, areas: readonly SearchArea[]): RecordSearch {
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

  const key = areas.join(',');
  useEffect(() => {
    if (debounced.length < MIN_SEARCH) {
      setResult({ query: debounced, hits: [], searching: false });
      return;
    }
    const ctrl = new AbortController();
    inflight.current = { query: debounced, ctrl };
    setResult((r) => ({ ...r, searching: true }));
    void Promise.all(key.split(',').filter(Boolean).map(async (area): Promise<AreaHits> => {
      const route = declOf(area)?.list?.route;
      const a = area as SearchArea;
      if (!route) return { area: a, rows: [], error: null };
      try {
        const r = await callAnyRoute(route, { query: { search: debounced, limit: PER_AREA } }, ctrl.signal);
        return { area: a, rows: Array.isArray(r.data) ? (r.data as Record<string, unknown>[]) : [], error: null };
      } catch (e) {
        return { area: a, rows: [], error: asBridgeError(e) };
      }
    })).then((hits) => {
      if (ctrl.signal.aborted) return;
      inflight.current = null;
      setResult({ query: debounced, hits, searching: false });
    });
    return () => ctrl.abort();
  }, [debounced, key]);

  return debounced === text ? result : { ...result, searching: text.length >= MIN_SEARCH };
}
