import { describe, expect, it } from 'vitest';
import { DECLS_BY_GROUP } from '../../renderer/resources';
import { buildListQuery, emptyFilters, filterCaps } from '../../renderer/rules/filters';
import { exportStartSchema, type ExportStart } from '../../shared';

/** What the list screen's Export button sends, for every declared list: main must accept all of it. */
describe('export.start input of every list', () => {
  const lists = Object.values(DECLS_BY_GROUP).flat().filter((d) => d.list);
  for (const d of lists) {
    it(`${d.area}: every column, and every filter the route offers`, () => {
      const list = d.list!;
      const caps = filterCaps(list.route);
      const filters = { ...emptyFilters(), search: caps.search ? 'דנה' : '', status: caps.statuses[0] ?? null, createdAfter: caps.createdAfter ? '2026-01-01' : null, updatedAfter: caps.updatedAfter ? '2026-01-02' : null };
      const { limit: _l, cursor: _c, ...query } = buildListQuery(list.route, filters, 100, undefined);
      const input: ExportStart = {
        route: list.route, query, format: 'xlsx', title: d.area, locale: 'he-IL', rtl: true,
        columns: list.columns.map((c) => ({ key: c.key, kind: c.kind, label: c.label ?? c.key, ...(c.currency ? { currency: c.currency } : {}) })),
        texts: { status: { active: 'פעיל' }, enums: {}, yes: 'כן', no: 'לא' },
      };
      const parsed = exportStartSchema.safeParse(input);
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    });
  }
});
