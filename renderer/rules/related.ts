import { paidAreasOf, type ColumnFilter, type LocalAggregateInput, type LocalQueryInput } from '../../shared';
import type { RelatedContext, RelatedGrouped, RelatedRecords, RelatedSpec, RelatedTotals } from '../resources/types';
import { aggregateOf, rowsQueryOf } from './localTable';

/**
 * What a record's related sections (resources/related.ts) ask the local copy, built from the
 * record's id alone: the sections read with these inputs, and the record's route starts the same
 * reads while the record itself is on its way (data/prefetchRelated), so both meet in one cache entry.
 */

/** The filter that keeps the records naming this one, by their column; `name` only labels a list link. */
export type Party = (by: string) => ColumnFilter;
export const partyOf = (id: string, name = ''): Party => (by) => ({ column: by, op: 'ref', id, name });

/** Rows a records section shows; the rest are behind its link to the list. */
export const SHOWN = 10;

/** Every area a section reads. */
export const areasOf = (s: RelatedSpec): string[] => (s.kind === 'totals' ? s.figures.map((f) => f.area) : s.kind === 'records' && s.through ? [s.area, s.through.area] : [s.area]);
/** The areas a section's owed figures subtract (their payments): read where the key may. */
export const paidAreasOfSpec = (s: RelatedSpec): string[] => (s.kind === 'totals' ? paidAreasOf(s.figures) : []);
/** The areas a section waits for: those it reads, and the payments its owed sums subtract where the key may read them. */
export const relatedWaitsFor = (s: RelatedSpec, canRead: (area: string) => boolean): string[] => [...areasOf(s), ...paidAreasOfSpec(s).filter(canRead)];

/** A figure's count (and sum) of the records its filters keep: a totals figure, a home figure. */
export const figureInputOf = (f: { area: string; filters: readonly ColumnFilter[]; sum?: string | undefined; owed?: boolean | undefined }, zone: string): LocalAggregateInput =>
  aggregateOf(f.area, [...f.filters], zone, f.sum ? { sums: [f.sum], ...(f.owed ? { owed: true } : {}) } : {});

/** A totals figure's filters: this record's, then the figure's own for the day. */
export const totalsFiltersOf = (f: RelatedTotals['figures'][number], party: Party, c: RelatedContext): ColumnFilter[] => [party(f.by), ...f.filters(c)];

export const groupedInputOf = (spec: RelatedGrouped, party: Party, zone: string): LocalAggregateInput =>
  aggregateOf(spec.area, [party(spec.by)], zone, { groupBy: spec.column, ...(spec.sum ? { sums: [spec.sum] } : {}) });

/** A records section's pages, one per part (open ones first), given the filters that keep this record's rows. */
export const recordsInputsOf = (spec: RelatedRecords, base: readonly ColumnFilter[], zone: string, language: 'en' | 'he'): LocalQueryInput[] =>
  (spec.parts ?? [[]]).map((p) => rowsQueryOf(spec.area, [...base, ...p], spec.sort, zone, spec.limit ?? SHOWN, language));

/** The whole read of the other area a section goes through (a supplier's expenses, for their payments' ids). */
export function throughInputOf(spec: RelatedRecords, party: Party, zone: string): Omit<LocalQueryInput, 'page'> {
  const via = spec.through;
  const { page: _page, ...rest } = rowsQueryOf(via?.area ?? spec.area, via ? [party(via.by)] : [], [{ column: 'id', direction: 'asc' }], zone, 1);
  return rest;
}

export interface RelatedReads {
  aggregates: LocalAggregateInput[];
  rows: LocalQueryInput[];
  /** A read whose answer the section's own rows wait for (only then are they known). */
  through: Omit<LocalQueryInput, 'page'> | null;
}

/** Every read of one section that its record's id alone decides. */
export function relatedReadsOf(spec: RelatedSpec, party: Party, c: RelatedContext & { zone: string }, language: 'en' | 'he'): RelatedReads {
  switch (spec.kind) {
    case 'totals':
      return { aggregates: spec.figures.map((f) => figureInputOf({ area: f.area, filters: totalsFiltersOf(f, party, c), sum: f.sum, owed: f.owed }, c.zone)), rows: [], through: null };
    case 'grouped':
      return { aggregates: [groupedInputOf(spec, party, c.zone)], rows: [], through: null };
    case 'records':
      return spec.through
        ? { aggregates: [], rows: [], through: throughInputOf(spec, party, c.zone) }
        : { aggregates: [], rows: recordsInputsOf(spec, [party(spec.by)], c.zone, language), through: null };
  }
}
