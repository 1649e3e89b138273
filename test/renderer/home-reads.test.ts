import { describe, expect, it } from 'vitest';
import { HOME_ROLES, sectionAreas } from '../../renderer/resources/home';
import type { HomeSection } from '../../renderer/resources/homeTypes';
import { homeReadsOf, STACK_NAMES_LIMIT } from '../../renderer/rules/homeReads';

/** The reads the home route prefetches on intent are the ones its sections then ask: one declaration for both. */
const now = { today: '2026-11-26', zone: 'Asia/Jerusalem' };
const sections = new Map(HOME_ROLES.flatMap((r) => r.sections).map((s) => [s.key, s]));
const section = (key: string): HomeSection => {
  const s = sections.get(key);
  if (!s) throw new Error(`no home section ${key}`);
  return s;
};

describe('what each home section reads from the copy', () => {
  it('figures: one count per figure, summed where it names a money column, with the figure\'s own filters', () => {
    const s = section('receivables');
    if (s.kind !== 'figures') throw new Error('receivables is a figures section');
    const reads = homeReadsOf(s, now);
    expect(reads.aggregates).toHaveLength(s.figures.length);
    expect(reads.aggregates.map((a) => a.area)).toEqual(s.figures.map((f) => f.area));
    expect(reads.aggregates.every((a) => a.group_by === undefined)).toBe(true);
    expect(reads.aggregates.map((a) => a.sums)).toEqual(s.figures.map((f) => (f.sum ? [f.sum] : [])));
    expect(reads.rows).toEqual([]);
    expect(reads.allRows).toEqual([]);
  });

  it('a plain monthly chart: one aggregate over its twelve months grouped by day; a stacked one: one per month and the stacks\' names', () => {
    const sales = homeReadsOf(section('sales'), now);
    expect(sales.aggregates).toHaveLength(1);
    const range = sales.aggregates[0]!.filters.find((f) => f.op === 'range');
    expect(range).toMatchObject({ gte: '2025-12-01', lte: '2026-11-30' });
    expect(sales.aggregates[0]!.group_by).toBe('issue_date');
    const byCategory = homeReadsOf(section('expensesByCategory'), now);
    expect(byCategory.aggregates).toHaveLength(12);
    expect(new Set(byCategory.aggregates.map((a) => JSON.stringify(a.filters))).size).toBe(12);
    expect(byCategory.aggregates.every((a) => a.group_by === 'category_id')).toBe(true);
    expect(byCategory.rows).toHaveLength(1);
    expect(byCategory.rows[0]).toMatchObject({ area: 'expense-categories', page: { offset: 0, limit: STACK_NAMES_LIMIT } });
  });

  it('sections read row by row ask for every row (no page), in id order', () => {
    for (const key of ['blocked', 'lowStock']) {
      const reads = homeReadsOf(section(key), now);
      expect(reads.aggregates).toEqual([]);
      expect(reads.allRows).toHaveLength(1);
      expect(reads.allRows[0]).not.toHaveProperty('page');
      expect(reads.allRows[0]!.sort).toEqual([{ column: 'id', direction: 'asc' }]);
    }
  });

  it('every section reads only the areas it declares, and the same inputs for the same day', () => {
    for (const s of sections.values()) {
      const reads = homeReadsOf(s, now);
      const areas = new Set([...reads.aggregates, ...reads.rows, ...reads.allRows].map((r) => r.area));
      expect([...areas].every((a) => sectionAreas(s).includes(a)), s.key).toBe(true);
      expect(homeReadsOf(s, now)).toEqual(reads);
      expect(reads.aggregates.length + reads.rows.length + reads.allRows.length, s.key).toBeGreaterThan(0);
    }
  });
});
