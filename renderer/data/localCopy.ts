import { useEffect, useRef } from 'react';
import { keepPreviousData, queryOptions, useQueries, useQuery, useQueryClient, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { LOCAL_AREAS, LOCAL_OWED, type LocalAggregateInput, type LocalAreaStatus, type LocalQueryInput, type LocalQueryOutput, type LocalStatus } from '../../shared';
import { asBridgeError, invoke } from '../bridge/invoke';
import { batchedRead } from './localBatch';
import { noteSyncOnline } from '../bridge/network';
import { rowFrom, windowPage, windowsFor } from '../rules/localWindows';
import type { LocalReads } from '../rules/localTable';
import { qk } from './queryKeys';

/**
 * The active profile's local copy (main's core/local) as the screens read it: its state, kept current
 * by main's events, and its rows and sums, read again when main says an area changed.
 */
export function useLocalStatus() {
  return useQuery(localStatusOptions());
}

/**
 * The part of the copy's state a piece of a screen reads: it renders again only when that part
 * changes, not on every area's progress (a pass that finds no service reports one area twice).
 */
export const useLocalStatusPart = <T>(pick: (s: LocalStatus) => T): T | undefined => useQuery(localStatusPart(pick)).data;
export const localStatusPart = <T>(pick: (s: LocalStatus) => T): UseQueryOptions<LocalStatus, Error, T, ReturnType<typeof qk.localStatus>> => ({ ...localStatusOptions(), select: pick });

export const whereKept = (s: LocalStatus) => ({ enabled: s.enabled, storage: s.storage, online: s.online });
/** Whether the copy is on, where it is kept, and whether its last pass reached the service. */
export const useLocalKept = () => useLocalStatusPart(whereKept);

/** The reads of the hooks below as query options: a prefetch of the same input meets the hook in one cache entry. */
export const localStatusOptions = () => queryOptions({ queryKey: qk.localStatus(), queryFn: ({ signal }) => invoke('local.status', {}, signal), staleTime: Infinity });
export const localRowsOptions = (input: LocalQueryInput) => queryOptions({ queryKey: qk.localRows(input), queryFn: ({ signal }) => batchedRead('query', input, signal), staleTime: 30_000 });
/**
 * A list's window of rows: the same entry, asked on its own. A list asks its first window with the
 * next ones, and a batch would hold the first window's answer until main had read them all.
 */
export const localWindowOptions = (input: LocalQueryInput) => queryOptions({ ...localRowsOptions(input), queryFn: ({ signal }) => invoke('local.query', input, signal) });
/** An owed sum answered with totals while payments were still copying is read again when next asked. */
export const localAggregateOptions = (input: LocalAggregateInput) => queryOptions({
  queryKey: qk.localAggregate(input), queryFn: ({ signal }) => batchedRead('aggregate', input, signal),
  staleTime: (q) => (q.state.data?.owed?.basis === 'total' && q.state.data.owed.why === 'filling' ? 0 : 30_000),
});

/** The state of one area's copy, or undefined while not known. */
export function useLocalArea(area: string): { status: LocalStatus | undefined; area: LocalAreaStatus | undefined } {
  const { data } = useLocalStatus();
  return { status: data, area: data?.areas.find((a) => a.area === area) };
}

/** Whether a list is served from the copy: on, and this area filled. */
export const servesFrom = (status: LocalStatus | undefined, area: LocalAreaStatus | undefined): boolean =>
  status?.enabled === true && area?.ready === true;

/** Mounted once by the shell: main's progress patches the state; a change of records makes that area's reads stale. */
export function useLocalEvents(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const bridge = window.bridge;
    if (!bridge) return undefined;
    const offProgress = bridge.on('local.progress', (a) => localProgress(qc, a));
    const offChanged = bridge.on('local.changed', ({ areas }) => {
      for (const area of areas) {
        void qc.invalidateQueries({ queryKey: qk.localArea(area) });
        // What is owed on the areas this one pays (documents, for payments).
        for (const owner of owedBy(area)) void qc.invalidateQueries({ queryKey: qk.localArea(owner), predicate: (q) => isOwedRead(q.queryKey) });
      }
    });
    const offOnline = bridge.on('local.online', ({ online, paused }) => {
      noteSyncOnline(online);
      const s = qc.getQueryData<LocalStatus>(qk.localStatus());
      if (s) qc.setQueryData<LocalStatus>(qk.localStatus(), { ...s, online, paused });
      else void qc.invalidateQueries({ queryKey: qk.localStatus() });
    });
    return () => { offProgress(); offChanged(); offOnline(); };
  }, [qc]);
}

/** The areas whose owed sums subtract this area's records (LOCAL_OWED). */
const owedBy = (area: string): string[] => Object.entries(LOCAL_OWED).filter(([, o]) => o.paid.area === area).map(([owner]) => owner);
const isOwedRead = (key: readonly unknown[]): boolean => key[3] === 'aggregate' && (key[4] as LocalAggregateInput | undefined)?.owed === true;

/** Main's local.progress: one area's state replaced in the copy's state. */
export function localProgress(qc: QueryClient, a: LocalAreaStatus): void {
  const s = qc.getQueryData<LocalStatus>(qk.localStatus());
  if (!s) { void qc.invalidateQueries({ queryKey: qk.localStatus() }); return; }
  const areas = s.areas.some((x) => x.area === a.area) ? s.areas.map((x) => (x.area === a.area ? a : x)) : [...s.areas, a];
  qc.setQueryData<LocalStatus>(qk.localStatus(), { ...s, areas });
}

/**
 * The rows of a local query in view, window by window (rules/localWindows.ts). A new query keeps
 * showing the last answer until its own arrives (no flash of an empty table on a sort).
 */
export function useLocalRows(base: Omit<LocalQueryInput, 'page'>, visible: { start: number; end: number }) {
  // The total last shown, so no window past the end is asked for (a new query's may differ: one window too many at most).
  const known = useRef<{ area: string; total: number } | null>(null);
  const windows = windowsFor(visible.start, visible.end, known.current?.area === base.area ? known.current.total : Infinity);
  const results = useQueries({
    queries: windows.map((w) => {
      const q: LocalQueryInput = { ...base, page: windowPage(w) };
      return { ...localWindowOptions(q), placeholderData: keepPreviousData };
    }),
  });
  const head = results[0];
  const fresh = new Map<number, LocalQueryOutput>();
  results.forEach((r, i) => { if (r.data) fresh.set(windows[i]!, r.data); });
  // useQueries gives a changed query a new observer, so keepPreviousData finds nothing to keep: the
  // last answer stays on screen until the new one comes (a sort or filter must not blank the table).
  const shown = useRef<{ area: string; windows: Map<number, LocalQueryOutput> } | null>(null);
  const waiting = !head?.data;
  if (!waiting) shown.current = { area: base.area, windows: fresh };
  const kept = shown.current?.area === base.area ? shown.current.windows : null;
  const byWindow = waiting && kept ? kept : fresh;
  const top = byWindow.get(0);
  if (top) known.current = { area: base.area, total: top.total };
  const rowAt = (i: number): Record<string, unknown> | undefined => rowFrom(byWindow, i);
  return {
    total: top?.total ?? 0,
    asOf: top?.as_of ?? null,
    rowAt,
    pending: waiting && !kept,
    fetching: results.some((r) => r.isFetching),
    stale: waiting || results.some((r) => r.isPlaceholderData),
    error: results.find((r) => r.error)?.error ?? null,
    refetch: () => Promise.all(results.map((r) => r.refetch())),
  };
}

/** Counts and sums of one area (home screen figures, a customer's totals). */
export function useLocalAggregate(input: LocalAggregateInput, enabled = true) {
  return useQuery({ ...localAggregateOptions(input), enabled });
}

/**
 * One record as the local copy holds it (the list's row shape), for a record screen the API cannot
 * answer now (no connection): `enabled` once the API read has failed that way.
 */
export function useCopyRecord(area: string, id: string | null, enabled: boolean) {
  const input = copyRecordInput(area, id ?? '');
  return useQuery({
    queryKey: qk.localRows(input),
    queryFn: ({ signal }) => batchedRead('query', input, signal),
    enabled: enabled && id !== null && area in LOCAL_AREAS,
    select: (r) => (r.rows[0] ? { record: r.rows[0], asOf: r.as_of } : null),
  });
}

/** The read of one record's row in the copy (a record screen offline, or its first paint). */
export function copyRecordInput(area: string, id: string): LocalQueryInput {
  return { area, filters: id ? [{ column: 'id', op: 'equals', value: id }] : [], sort: [], language: 'en', page: { offset: 0, limit: 1 } };
}

/** Several counts and sums at once (a home section): each cached like useLocalAggregate, all sent in one call with the others of the moment. */
export function useLocalAggregates(inputs: readonly LocalAggregateInput[], enabled = true) {
  return useQueries({
    queries: inputs.map((input) => ({ ...localAggregateOptions(input), enabled })),
  });
}

/** Several pages of local queries at once (a record's related rows, open ones first). */
export function useLocalQueries(inputs: readonly LocalQueryInput[], enabled = true) {
  return useQueries({
    queries: inputs.map((input) => ({ ...localRowsOptions(input), enabled })),
  });
}

/** The copy's state of the areas a view reads: all filled (and the copy on), what is still missing, and the oldest last sync. */
export function useAreasState(areas: readonly string[]): { ready: boolean; missing: LocalAreaStatus[]; asOf: string | null } {
  // Only these areas' states: another area's progress does not render the screen again.
  const part = useLocalStatusPart((s) => ({ enabled: s.enabled, states: areas.map((a) => s.areas.find((x) => x.area === a)) }));
  const states = part?.states ?? areas.map(() => undefined);
  const missing = states.filter((s): s is LocalAreaStatus => s !== undefined && !s.ready);
  const ready = part?.enabled === true && states.every((s) => s?.ready === true);
  // Every figure is at least as fresh as the oldest of their last syncs.
  const syncs = states.map((s) => s?.last_sync ?? null).filter((x): x is string => x !== null).sort();
  return { ready, missing, asOf: syncs[0] ?? null };
}

/** One page of a local query (a record's related rows). */
export function useLocalQuery(input: LocalQueryInput, enabled = true) {
  return useQuery({ ...localRowsOptions(input), enabled });
}

/** Rows per page of a whole read (the query's most). */
const LOCAL_PAGE = 500;
/** Most rows a section reads one by one (blocked expenses, stock levels): past this it says it stopped. */
export const ROWS_CAP = 10_000;

/**
 * Every row of a local query, page by page in keyset order, up to ROWS_CAP: for figures the copy
 * cannot count itself (grouped by the codes of a list, one column against another).
 */
export function useLocalAllRows(input: Omit<LocalQueryInput, 'page'>, enabled = true) {
  return useQuery({ ...localAllRowsOptions(input), enabled });
}

const PAGE_MOVED_RETRIES = 3;

async function readAllRows(input: Omit<LocalQueryInput, 'page'>, signal: AbortSignal) {
  const rows: Record<string, unknown>[] = [];
  let after: LocalQueryOutput['next'] = null;
  let total = 0;
  let asOf: string | null = null;
  do {
    const r: LocalQueryOutput = await batchedRead('query', { ...input, page: { after, limit: LOCAL_PAGE } }, signal);
    rows.push(...r.rows);
    ({ total, next: after } = r);
    asOf = r.as_of;
  } while (after && rows.length < ROWS_CAP);
  return { rows, total, capped: rows.length < total, asOf };
}

/** useLocalAllRows's read, page by page, as query options. */
export const localAllRowsOptions = (input: Omit<LocalQueryInput, 'page'>) => queryOptions({
  queryKey: [...qk.localRows({ ...input, page: { offset: 0, limit: LOCAL_PAGE } }), 'all'],
  queryFn: async ({ signal }) => {
    // The copy numbered its sort ranks again between two pages: the positions read so far no longer
    // place the rows, so the walk starts over (a page never skips or repeats a row).
    for (let attempt = 1; ; attempt++) {
      try {
        return await readAllRows(input, signal);
      } catch (e) {
        if (attempt >= PAGE_MOVED_RETRIES || asBridgeError(e).code !== 'local_page_moved') throw e;
      }
    }
  },
  staleTime: 30_000,
});

/**
 * Which areas a prefetch may read: those the copy has filled and the key is not refused (`orRefused`:
 * refused ones too, for the payments an owed sum subtracts where it can). Null while the copy is off
 * or kept nowhere (a screen then reads nothing from it).
 */
export type ReadableAreas = (area: string, orRefused?: boolean) => boolean;
export async function readableAreas(qc: QueryClient): Promise<ReadableAreas | null> {
  const status = await qc.ensureQueryData(localStatusOptions());
  if (!status.enabled || status.storage === 'none') return null;
  return (a, orRefused = false) => status.areas.some((x) => x.area === a && (x.state === 'denied' ? orRefused : x.ready));
}

/** Starts reads of the copy ahead of the screen that asks them, under the keys its hooks use; settles when all have. */
export function prefetchLocalReads(qc: QueryClient, reads: LocalReads): Promise<void> {
  return Promise.all([
    ...reads.aggregates.map((input) => qc.prefetchQuery(localAggregateOptions(input))),
    ...reads.rows.map((input) => qc.prefetchQuery(localRowsOptions(input))),
    ...reads.allRows.map((input) => qc.prefetchQuery(localAllRowsOptions(input))),
  ]).then(() => undefined);
}
