import { lastMonths, monthRange } from '../lib/calendar';
import type { Today } from '../lib/useToday';
import type { HomeSection, MonthlySection } from '../resources/homeTypes';
import { aggregateOf, rowsQueryOf, type LocalReads } from './localTable';
import { monthFilter } from './monthly';
import { figureInputOf } from './related';

/** A stacked chart's names of its stacks (expense categories): one page of the named area. */
export const STACK_NAMES_LIMIT = 500;

const none: LocalReads = { aggregates: [], rows: [], allRows: [] };

/** The months a monthly section shows, oldest first. */
export const monthsOf = (s: MonthlySection, now: Today): string[] => lastMonths(now.today, s.months);

function monthlyReads(s: MonthlySection, now: Today): LocalReads {
  const months = monthsOf(s, now);
  const base = s.filters(now);
  if (s.stackBy) {
    return {
      ...none,
      aggregates: months.map((m) => aggregateOf(s.area, [...base, monthFilter(s.date, m)], now.zone, { sums: [s.sum], groupBy: s.stackBy!.column })),
      rows: [rowsQueryOf(s.stackBy.area, [], [], now.zone, STACK_NAMES_LIMIT)],
    };
  }
  const span = { column: s.date, op: 'range' as const, from: monthRange(months[0]!).from, to: monthRange(months.at(-1)!).to };
  return { ...none, aggregates: [aggregateOf(s.area, [...base, span], now.zone, { sums: [s.sum], groupBy: s.date })] };
}

/**
 * What a home section reads from the local copy, decided by the section and the day alone: the
 * section asks exactly these, and the home route's loader prefetches the same on intent (the pointer
 * resting on Home), so the screen finds them in the cache and paints its figures in one go.
 */
export function homeReadsOf(section: HomeSection, now: Today): LocalReads {
  switch (section.kind) {
    case 'figures':
      return { ...none, aggregates: section.figures.map((f) => figureInputOf({ area: f.area, filters: f.filters(now), sum: f.sum, owed: f.owed }, now.zone)) };
    case 'grouped':
      return { ...none, aggregates: [aggregateOf(section.area, section.filters(now), now.zone, { groupBy: section.column })] };
    case 'monthly':
      return monthlyReads(section, now);
    case 'issues':
    case 'lowStock': {
      const { page: _page, ...whole } = rowsQueryOf(section.area, section.filters(now), [{ column: 'id', direction: 'asc' }], now.zone, 1);
      return { ...none, allRows: [whole] };
    }
  }
}
