import { describe, expect, it } from 'vitest';
import { RESOURCE_AREAS, ROUTES, DOCUMENT_TYPES, PAYMENT_STATUSES, LEAD_SOURCES, VAT_BEHAVIORS, BUSINESS_TYPES, TASK_PRIORITIES } from '../../shared';
import { DECLS_BY_GROUP } from '../../renderer/resources';
import { GROUPS, PROFILES_AREA, groupOf } from '../../renderer/resources/groups';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import type { FieldSpec } from '../../renderer/resources/types';
import { nameSourceOf } from '../../renderer/resources/names';

const decls = Object.values(DECLS_BY_GROUP).flat();
const labelOf = (f: FieldSpec) => f.label ?? f.key.split('.').pop()!;

describe('navigation groups', () => {
  it('list every API area exactly once, plus connection profiles', () => {
    const listed = Object.values(GROUPS).flat();
    expect(listed.filter((a) => a !== PROFILES_AREA).sort()).toEqual(Object.keys(RESOURCE_AREAS).sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(groupOf('suppliers')).toBe('expenses');
    expect(groupOf('leads')).toBe('sales');
  });

  it('put each declaration in the group its area belongs to', () => {
    for (const [group, list] of Object.entries(DECLS_BY_GROUP)) for (const d of list) expect(groupOf(d.area), d.area).toBe(group);
    expect(decls.map((d) => d.area).sort()).toEqual(Object.keys(RESOURCE_AREAS).sort());
  });
});

describe('resource declarations', () => {
  it('use the routes the route table derives for their area (details where they exist)', () => {
    for (const d of decls) {
      const area = RESOURCE_AREAS[d.area]!;
      expect(d.list?.route, d.area).toBe(area.list);
      expect(d.detail.route, d.area).toBe(area.details ?? area.get);
    }
  });

  it('read list rows from the route they declare and the detail route from the same resource', () => {
    for (const d of decls) {
      if (d.list) expect(ROUTES[d.list.route].resource).toBe(d.area);
      if (d.detail.route) expect(ROUTES[d.detail.route].method).toBe('GET');
    }
  });

  it('link only to areas that exist', () => {
    const areas = new Set(Object.keys(RESOURCE_AREAS));
    for (const d of decls) {
      const all = [...(d.list?.columns ?? []), ...d.detail.sections.flatMap((s) => s.fields), ...d.detail.tables.flatMap((t) => t.columns)];
      for (const f of all) if (f.link) expect(areas.has(f.link.area), `${d.area}.${f.key} -> ${f.link.area}`).toBe(true);
      for (const t of d.detail.tables) if (t.rowLink) expect(areas.has(t.rowLink.area)).toBe(true);
    }
  });

  it('show status and amounts by default, in at most seven columns (they must fit at 1280 px; the rest stay in the column menu)', () => {
    for (const d of decls) {
      const columns = d.list?.columns ?? [];
      const shown = columns.filter((c) => !c.hidden);
      expect(shown.length, `${d.area} default columns`).toBeLessThanOrEqual(7);
      expect(shown.length, `${d.area} default columns`).toBeGreaterThanOrEqual(Math.min(3, columns.length));
      if (columns.some((c) => c.kind === 'status')) expect(shown.some((c) => c.kind === 'status'), `${d.area} status`).toBe(true);
      if (columns.some((c) => c.kind === 'money' || c.kind === 'decimalMoney')) {
        expect(shown.some((c) => c.kind === 'money' || c.kind === 'decimalMoney'), `${d.area} amount`).toBe(true);
      }
    }
  });

  it('money columns name a currency path (list rows carry their own currency)', () => {
    for (const d of decls) for (const c of d.list?.columns ?? []) if (c.kind === 'money' || c.kind === 'decimalMoney') expect(c.currency, `${d.area}.${c.key}`).toBe('currency');
  });
});

describe('translations', () => {
  const keysOf = (o: object, p = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${p}${k}`] : keysOf(v as object, `${p}${k}.`)));

  it('Hebrew has exactly the English keys, none empty', () => {
    expect(keysOf(he).sort()).toEqual(keysOf(en).sort());
    for (const k of keysOf(he)) expect(k.split('.').reduce<unknown>((o, s) => (o as Record<string, unknown>)[s], he), k).not.toBe('');
  });

  it('label every field, section, sub-table and area the declarations use', () => {
    for (const d of decls) {
      expect(en.areas).toHaveProperty([d.area]);
      for (const c of d.list?.columns ?? []) expect(en.fields, `${d.area} column ${c.key}`).toHaveProperty([labelOf(c)]);
      for (const s of d.detail.sections) {
        expect(en.sections).toHaveProperty([s.title]);
        for (const f of s.fields) expect(en.fields, `${d.area} field ${f.key}`).toHaveProperty([labelOf(f)]);
      }
      for (const t of d.detail.tables) {
        expect(en.tables).toHaveProperty([t.title]);
        for (const c of t.columns) expect(en.fields).toHaveProperty([labelOf(c)]);
      }
    }
  });

  it('label every status filter value and every assumed enumeration', () => {
    for (const r of Object.values(ROUTES)) for (const s of r.list?.statuses ?? []) expect(en.status, s).toHaveProperty([s]);
    for (const v of [...DOCUMENT_TYPES, ...LEAD_SOURCES, ...VAT_BEHAVIORS, ...BUSINESS_TYPES, ...TASK_PRIORITIES]) expect(en.enums, v).toHaveProperty([v]);
    for (const v of PAYMENT_STATUSES) expect(en.status, v).toHaveProperty([v]);
  });
});

describe('linked records by name', () => {
  it('reads a linked record through its area\'s detail route when the heading is a name or title', () => {
    expect(nameSourceOf('customers')).toEqual({ route: 'customers.details', title: 'name' });
    expect(nameSourceOf('suppliers')).toEqual({ route: 'suppliers.details', title: 'name' });
    expect(nameSourceOf('documents')).toEqual({ route: 'documents.details', title: 'title' });
    expect(nameSourceOf('expense-categories')).toEqual({ route: 'expenseCategories.get', title: 'name' });
    expect(nameSourceOf('leads')).toEqual({ route: 'leads.details', title: 'name' });
    expect(nameSourceOf('products')).toEqual({ route: 'products.details', title: 'name' });
  });

  it('keeps the short id where the heading is not a name (a date, an enum) or there is no single-record route', () => {
    expect(nameSourceOf('payments')).toBeNull(); // heading is the payment date
    expect(nameSourceOf('expense-payments')).toBeNull();
    expect(nameSourceOf('document-drafts')).toBeNull(); // heading is the document type
    expect(nameSourceOf('inventory-movements')).toBeNull(); // list only
    expect(nameSourceOf('nowhere')).toBeNull();
  });

  it('every link target of a detail view is an area (so a name source, when there is one, is found)', () => {
    for (const d of decls) {
      for (const f of d.detail.sections.flatMap((s) => s.fields)) {
        if (f.link && nameSourceOf(f.link.area)) expect(ROUTES[nameSourceOf(f.link.area)!.route].path, `${d.area}.${f.key}`).toMatch(/\{id\}/);
      }
    }
  });
});
