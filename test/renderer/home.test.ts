import { describe, expect, it } from 'vitest';
import { localAggregateInputSchema, type LocalAggregateOutput } from '../../shared';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { CUSTOMER_RELATED } from '../../renderer/resources/related';
import { figureInputOf, paidAreasOfSpec } from '../../renderer/rules/related';
import { addDays, addMonths, dayIn, daysBetween, lastMonths, monthRange, yearStart } from '../../renderer/lib/calendar';
import { AGEING, HOME_ROLES, ageingFilter, sectionAreas, sectionPaidAreas } from '../../renderer/resources/home';
import { addMoney, ageingBucket, belowThreshold, groupByIssue, mainCurrency, monthTotals, noteKeyOf, sumsOf, visibleRoles } from '../../renderer/rules/home';
import { aggregateOf, parseLinkView, toLocalFilter, withLinkView } from '../../renderer/rules/localTable';
import { defaultTableState } from '../../renderer/rules/tableStore';
import { stackedModel } from '../../renderer/rules/monthly';

type Group = LocalAggregateOutput['groups'][number];
const group = (key: Group['key'], count: number, sums: [string, string, string][]): Group =>
  ({ key, count, sums: sums.map(([column, currency, value]) => ({ column, currency, value })) });

describe('days and months on the user\'s clock', () => {
  it('today is the day it is in the user\'s time zone, not in UTC', () => {
    const instant = Date.parse('2026-11-30T22:30:00Z');
    expect(dayIn(instant, 'Asia/Jerusalem')).toBe('2026-12-01');
    expect(dayIn(instant, 'UTC')).toBe('2026-11-30');
    expect(dayIn(instant, 'America/New_York')).toBe('2026-11-30');
    // Across the switch to summer time (Israel, 27 March 2026): still one day per calendar day.
    expect(dayIn(Date.parse('2026-03-26T22:30:00Z'), 'Asia/Jerusalem')).toBe('2026-03-27');
    expect(dayIn(Date.parse('2026-03-27T21:30:00Z'), 'Asia/Jerusalem')).toBe('2026-03-28');
  });

  it('months: ranges, steps across years, the last twelve ending with the one today is in', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(addMonths('2026-01', -2)).toBe('2025-11');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    const months = lastMonths(dayIn(Date.parse('2026-11-30T22:30:00Z'), 'Asia/Jerusalem'), 12);
    expect(months[0]).toBe('2026-01');
    expect(months.at(-1)).toBe('2026-12');
    expect(new Set(months).size).toBe(12);
    expect(lastMonths('2026-03-15', 3)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(yearStart('2026-11-25')).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-10-25', '2026-11-25')).toBe(31);
  });
});

describe('ageing buckets', () => {
  const today = '2026-11-25';
  it('put a document by how many days ago it fell due; due today or later is not overdue', () => {
    expect(ageingBucket(today, today)).toBeNull();
    expect(ageingBucket('2026-12-01', today)).toBeNull();
    expect(ageingBucket(addDays(today, -1), today)).toBe('days0to30');
    expect(ageingBucket(addDays(today, -30), today)).toBe('days0to30');
    expect(ageingBucket(addDays(today, -31), today)).toBe('days31to60');
    expect(ageingBucket(addDays(today, -60), today)).toBe('days31to60');
    expect(ageingBucket(addDays(today, -61), today)).toBe('days61to90');
    expect(ageingBucket(addDays(today, -90), today)).toBe('days61to90');
    expect(ageingBucket(addDays(today, -91), today)).toBe('days90plus');
    expect(ageingBucket('2019-01-01', today)).toBe('days90plus');
  });

  it('the figures\' date filters keep exactly the days of their bucket, and together every overdue day once', () => {
    for (let late = -3; late <= 400; late++) {
      const due = addDays(today, -late);
      const holding = AGEING.filter((b) => {
        const f = ageingFilter(b, { today });
        return f.op === 'range' && (f.from === '' || due >= f.from) && (f.to === '' || due <= f.to);
      }).map((b) => b.key);
      const bucket = ageingBucket(due, today);
      expect(holding, `${late} days late`).toEqual(bucket ? [bucket] : []);
    }
    // On the copy: a date column compares days, both ends included.
    expect(toLocalFilter('documents', ageingFilter(AGEING[1], { today }), 'Asia/Jerusalem')).toEqual({ column: 'due_date', op: 'range', gte: '2026-09-26', lte: '2026-10-25' });
  });
});

describe('sums in minor units per currency', () => {
  it('add exactly (no floating point drift), largest first', () => {
    const tenths = Array.from({ length: 10 }, () => ({ currency: 'ILS', minor: 10 }));
    expect(addMoney(tenths, [{ currency: 'USD', minor: 5 }])).toEqual([{ currency: 'ILS', minor: 100 }, { currency: 'USD', minor: 5 }]);
    expect(sumsOf(group(null, 3, [['total_minor', 'ILS', '0.30'], ['total_minor', 'USD', '12.05'], ['other', 'ILS', '9.00']]), 'total_minor'))
      .toEqual([{ currency: 'USD', minor: 1205 }, { currency: 'ILS', minor: 30 }]);
    expect(mainCurrency([{ currency: 'USD', minor: 5 }, { currency: 'ILS', minor: 9 }], 'EUR')).toBe('ILS');
    expect(mainCurrency([], 'ILS')).toBe('ILS');
  });

  it('day groups become month totals; days outside the months are left out', () => {
    const groups = [
      group('2026-10-01', 2, [['total_minor', 'ILS', '100.10']]),
      group('2026-10-31', 1, [['total_minor', 'ILS', '0.20'], ['total_minor', 'USD', '3.00']]),
      group('2026-11-05', 4, [['total_minor', 'ILS', '50.00']]),
      group('2026-08-31', 9, [['total_minor', 'ILS', '1.00']]),
    ];
    const m = monthTotals(groups, ['2026-09', '2026-10', '2026-11'], 'total_minor');
    expect(m.get('2026-09')).toEqual({ count: 0, money: [] });
    expect(m.get('2026-10')).toEqual({ count: 3, money: [{ currency: 'ILS', minor: 10030 }, { currency: 'USD', minor: 300 }] });
    expect(m.get('2026-11')).toEqual({ count: 4, money: [{ currency: 'ILS', minor: 5000 }] });
  });
});

describe('grouping rows the copy cannot group', () => {
  it('expenses by blocking issue: one with two issues counts in both, the same code once per expense', () => {
    const rows = [
      { id: 'a', total: '100.00', currency: 'ILS', blocking_issues: [{ code: 'missing_category', message: 'm' }, { code: 'zero_total', message: 'z' }] },
      { id: 'b', total: '20.50', currency: 'ILS', blocking_issues: [{ code: 'missing_category', message: 'm' }, { code: 'missing_category', message: 'm' }] },
      { id: 'c', total: '7.00', currency: 'USD', blocking_issues: [] },
    ];
    expect(groupByIssue(rows, 'blocking_issues', { field: 'total', currency: 'currency' })).toEqual([
      { code: 'missing_category', message: 'm', ids: ['a', 'b'], money: [{ currency: 'ILS', minor: 12050 }] },
      { code: 'zero_total', message: 'z', ids: ['a'], money: [{ currency: 'ILS', minor: 10000 }] },
    ]);
  });

  it('stock below its threshold, compared exactly in thousandths (equal is not below)', () => {
    const rows = [
      { id: '1', quantity: '9.999', low_stock_threshold: '10.000' },
      { id: '2', quantity: '10.000', low_stock_threshold: '10.000' },
      { id: '3', quantity: '-1.000', low_stock_threshold: '0.000' },
      { id: '4', quantity: 'n/a', low_stock_threshold: '5.000' },
    ];
    expect(belowThreshold(rows, 'quantity', 'low_stock_threshold').map((r) => r.id)).toEqual(['1', '3']);
  });

  it('expenses per category per month: the largest categories by name, the rest as other, none apart', () => {
    const months = ['2026-10', '2026-11'];
    const perMonth: LocalAggregateOutput[] = [
      { ready: true, as_of: null, groups: ['a', 'b', 'c', 'd', 'e', 'f'].map((k, i) => group(k, 1, [['total', 'ILS', `${(i + 1) * 10}.00`]])) },
      { ready: true, as_of: null, groups: [group(null, 1, [['total', 'ILS', '5.00']]), group('a', 1, [['total', 'USD', '1.00']])] },
    ];
    const model = stackedModel(months, perMonth, 'total', new Map([['f', 'Fuel']]), { other: 'Other', none: 'None', month: (m) => m, short: (m) => m.slice(5) }, 'ILS');
    expect(model.currency).toBe('ILS');
    expect(model.series.map((s) => s.key)).toEqual(['f', 'e', 'd', 'c', 'b', '__other', '__none']);
    expect(model.series[0]!.label).toBe('Fuel');
    expect(model.rows[0]!.values.__other).toEqual([{ currency: 'ILS', minor: 1000 }]);
    expect(model.rows[1]!.values).toEqual({ __none: [{ currency: 'ILS', minor: 500 }], __other: [{ currency: 'USD', minor: 100 }] });
  });
});

describe('roles from what the key can read', () => {
  const all = () => true;
  it('a key that reads everything plays every role; tasks show once, under the owner', () => {
    const roles = visibleRoles(HOME_ROLES, all);
    expect(roles.map((r) => r.key)).toEqual(['owner', 'bookkeeper', 'sales']);
    const keys = roles.flatMap((r) => r.sections.map((s) => s.key));
    expect(keys.filter((k) => k === 'tasks')).toHaveLength(1);
    expect(roles[0]!.sections.map((s) => s.key)).toContain('tasks');
  });

  it('a sales key (leads, customers, products) sees the sales sections it can read, and no others', () => {
    const readable = new Set(['leads', 'customers', 'products']);
    const roles = visibleRoles(HOME_ROLES, (a) => readable.has(a));
    expect(roles.map((r) => [r.key, r.sections.map((s) => s.key)])).toEqual([['sales', ['pipeline', 'staleLeads']]]);
  });

  it('tasks alone make no role; an unreadable area leaves its section out, not the role', () => {
    expect(visibleRoles(HOME_ROLES, (a) => a === 'tasks')).toEqual([]);
    const noStock = visibleRoles(HOME_ROLES, (a) => a !== 'inventory');
    expect(noStock[0]!.sections.map((s) => s.key)).toEqual(['receivables', 'ageing', 'sales', 'tasks']);
    // Expenses by category also names the categories.
    expect(sectionAreas(HOME_ROLES[1]!.sections[3]!)).toEqual(['expenses', 'expense-categories']);
  });
});

describe('what is owed', () => {
  it('receivables, their ageing and a customer\'s open balance ask for it; a key without payments still sees them', () => {
    const owner = HOME_ROLES[0]!.sections;
    const owedKeys = (figures: readonly { key: string; owed?: boolean }[]) => figures.filter((f) => f.owed).map((f) => f.key);
    expect(owner.flatMap((s) => (s.kind === 'figures' ? owedKeys(s.figures) : []))).toEqual(['openReceivables', 'overdue', 'days0to30', 'days31to60', 'days61to90', 'days90plus']);
    expect(owner.map((s): [string, string[]] => [s.key, sectionPaidAreas(s)]).filter(([, a]) => a.length)).toEqual([['receivables', ['payments']], ['ageing', ['payments']]]);
    const totals = CUSTOMER_RELATED.find((s) => s.kind === 'totals')!;
    expect(totals.kind === 'totals' && owedKeys(totals.figures)).toEqual(['openBalance', 'overdue']);
    expect(paidAreasOfSpec(totals)).toEqual(['payments']);
    // Payments are not needed to show them: the sums are then the totals, said so.
    expect(visibleRoles(HOME_ROLES, (a) => a !== 'payments')[0]!.sections.map((s) => s.key)).toContain('receivables');
    const input = figureInputOf({ area: 'documents', filters: [], sum: 'total_minor', owed: true }, 'UTC');
    expect(localAggregateInputSchema.parse(input).owed).toBe(true);
  });

  it('every note of a section that sums what is owed has its words at totals, in both languages', () => {
    const notes = [
      ...HOME_ROLES.flatMap((r) => r.sections).filter((s) => sectionPaidAreas(s).length).map((s) => ['home', s.note!] as const),
      ...CUSTOMER_RELATED.filter((s) => paidAreasOfSpec(s).length).map((s) => ['related', (s as { note: string }).note] as const),
    ];
    expect(notes.map(([, n]) => n)).toEqual(['receivables', 'ageing', 'customerTotals']);
    for (const lang of [en, he]) {
      for (const [where, note] of notes) {
        const texts = lang[where].notes as Record<string, string>;
        expect(texts[noteKeyOf(note, { basis: 'total', why: 'unreadable' })], `${where}.${note}`).toMatch(/\S/);
        expect(noteKeyOf(note, { basis: 'balance' })).toBe(note);
      }
    }
  });
});

describe('a link into a list', () => {
  const view = { filters: [{ column: 'payment_status', op: 'in' as const, values: ['unpaid'] }, { column: 'due_date', op: 'range' as const, from: '', to: '2026-11-24' }], sort: [{ column: 'due_date', direction: 'asc' as const }] };
  it('is checked against the contract (the harness\'s own query trailing it is cut off)', () => {
    expect(parseLinkView(JSON.stringify(view))).toEqual(view);
    expect(parseLinkView(`${JSON.stringify(view)}?lang=he`)).toEqual(view);
    expect(parseLinkView('{"filters":[{"column":"x","op":"drop"}],"sort":[]}')).toBeNull();
    expect(parseLinkView('not json')).toBeNull();
  });

  it('opens the table with exactly its filters and sort, the search cleared, its filtered columns shown', () => {
    const before = { ...defaultTableState(), filters: { ...defaultTableState().filters, search: 'old' }, columnFilters: [{ column: 'title', op: 'contains' as const, text: 'x' }] };
    const s = withLinkView(before, view, ['payment_status', 'due_date', 'title']);
    expect(s.columnFilters).toEqual(view.filters);
    expect(s.sort).toEqual(view.sort);
    expect(s.filters.search).toBe('');
    expect(s.columnVisibility).toEqual({ payment_status: true, due_date: true });
  });

  it('and the figure counts with the same filters the link opens the list with', () => {
    expect(aggregateOf('documents', view.filters, 'UTC', { sums: ['total_minor'] })).toEqual({
      area: 'documents', sums: ['total_minor'],
      filters: [{ column: 'payment_status', op: 'in', values: ['unpaid'] }, { column: 'due_date', op: 'range', lte: '2026-11-24' }],
    });
    // A moment column: the whole "to" day on the user's clock.
    expect(aggregateOf('leads', [{ column: 'updated_at', op: 'range', from: '', to: '2026-11-11' }], 'Asia/Jerusalem', { groupBy: 'owner.id' }))
      .toEqual({ area: 'leads', sums: [], group_by: 'owner__id', filters: [{ column: 'updated_at', op: 'range', lt: '2026-11-11T22:00:00.000Z' }] });
  });
});
