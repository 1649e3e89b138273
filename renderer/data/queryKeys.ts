import type { ListQuery, LocalAggregateInput, LocalQueryInput } from '../../shared';

/**
 * Every TanStack Query key of the app. Screens never write a key literally, so a write can
 * invalidate exactly what it changed: an area's lists, one record, or a whole area.
 */
export const qk = {
  profiles: () => ['profiles'] as const,
  accessReport: (profileId: string | null) => ['profiles', 'test', profileId] as const,
  area: (area: string) => ['area', area] as const,
  lists: (area: string) => ['area', area, 'list'] as const,
  list: (area: string, query: ListQuery) => ['area', area, 'list', query] as const,
  /**
   * Every page of a list at once ("load all"): apart from the pages, so a write refetches these
   * hundreds of pages only while such a table is on screen (useWrite), not for every list.
   */
  allRows: (area: string, query?: ListQuery) => (query ? ['area', area, 'all', query] : ['area', area, 'all']) as readonly unknown[],
  /** One record as its area's detail route returns it. */
  record: (area: string, id: string) => ['area', area, 'record', id] as const,
  /** Options of a reference picker: the target's list searched for what the user typed. */
  options: (area: string, search: string) => ['area', area, 'options', search] as const,
  /** The local copy's state, every area (local.status). */
  localStatus: () => ['local', 'status'] as const,
  /** Everything read from one area of the local copy (what a local.changed event makes stale). */
  localArea: (area: string) => ['local', 'area', area] as const,
  /** One window of rows of a local query (its page is the window). */
  localRows: (q: LocalQueryInput) => ['local', 'area', q.area, 'rows', q] as const,
  localAggregate: (q: LocalAggregateInput) => ['local', 'area', q.area, 'aggregate', q] as const,
  /** The outbox's entries and counts (outbox.list; main's outbox.changed makes it stale). */
  outbox: () => ['outbox'] as const,
};

/** True for a reference picker's options (qk.options). */
export const isOptionsKey = (key: readonly unknown[]) => key[0] === 'area' && key[2] === 'options';

/** True for keys that belong to the active profile's data (everything but the profiles themselves). */
export const isDataKey = (key: readonly unknown[]) => key[0] === 'area' || key[0] === 'local' || key[0] === 'outbox';
