import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCAL_AREAS, RESOURCE_AREAS, localColumn, localQueryInputSchema, localAggregateInputSchema } from '../../../../shared';
import { openSql } from '../../../../electron/core/local/sql';
import { buildIndexes, migrate, tableOf, areaVersion } from '../../../../electron/core/local/schema';

describe('local copy schema, derived from the contract', () => {
  it('has one area per list route, kept fresh by updated_after, or created_after where the list has no update time', () => {
    const lists = Object.values(RESOURCE_AREAS).filter((a) => a.list).map((a) => a.key).sort();
    expect(Object.keys(LOCAL_AREAS).sort()).toEqual(lists);
    expect(LOCAL_AREAS['inventory-movements']!.freshness).toBe('created');
    expect(LOCAL_AREAS['expense-payments']!.freshness).toBe('created');
    expect(LOCAL_AREAS.customers!.freshness).toBe('updated');
  });

  it('types columns by field semantics: money with its currency, dates, enums, references, text; nested objects flattened, lists left in the record', () => {
    expect(localColumn('documents', 'total_minor')).toMatchObject({ kind: 'money', currency: 'currency', minor: true });
    expect(localColumn('expenses', 'total')).toMatchObject({ kind: 'money', currency: 'currency', minor: false });
    expect(localColumn('documents', 'customer__name')).toMatchObject({ kind: 'text', path: 'customer.name' });
    expect(localColumn('documents', 'customer__id')).toMatchObject({ kind: 'ref', to: ['customers', 'suppliers'] });
    expect(localColumn('documents', 'issue_date')?.kind).toBe('date');
    expect(localColumn('documents', 'status')).toMatchObject({ kind: 'enum', values: expect.arrayContaining(['open', 'closed']) });
    expect(localColumn('tasks', 'due_at')).toMatchObject({ kind: 'datetime', nullable: true });
    expect(localColumn('inventory', 'quantity')?.kind).toBe('quantity');
    expect(localColumn('expenses', 'category_id')).toMatchObject({ kind: 'ref', to: ['expense-categories'] });
    expect(localColumn('customers', 'tags')).toBeUndefined();
    expect(localColumn('documents', 'line_items')).toBeUndefined();
    expect(LOCAL_AREAS.customers!.search).toEqual(expect.arrayContaining(['name', 'email', 'contact_person', 'address__city']));
  });

  it('makes the tables and bookkeeping from the derivation, and rebuilds an area whose columns changed', () => {
    const db = openSql({ path: ':memory:', key: null });
    migrate(db);
    const cols = db.prepare(`PRAGMA table_info(${tableOf('documents')})`).all().map((r) => r.name);
    expect(cols).toEqual(expect.arrayContaining(['id', 'w', 'total_minor', 'customer__name', 'customer__name__k_en', 'customer__name__k_he', 'issue_date']));
    db.prepare(`INSERT INTO ${tableOf('tags')} (id, w) VALUES ('x', '2026-01-01T00:00:00.000Z')`).run();
    db.prepare("UPDATE _areas SET version = 'old' WHERE area = 'tags'").run();
    migrate(db);
    expect(db.prepare(`SELECT count(*) AS n FROM ${tableOf('tags')}`).get()!.n).toBe(0);
    expect(db.prepare("SELECT version FROM _areas WHERE area = 'tags'").get()!.version).toBe(areaVersion(LOCAL_AREAS.tags!));
    db.close();
  });

  it('keeps the letters of the searched text at the end of every sort index, and rebuilds a copy made before that', () => {
    const db = openSql({ path: ':memory:', key: null });
    migrate(db);
    expect(db.prepare(`PRAGMA table_info(${tableOf('customers')})`).all().map((r) => r.name)).toContain('letters');
    expect(db.prepare(`PRAGMA table_info(${tableOf('payments')})`).all().map((r) => r.name)).not.toContain('letters');
    // A copy of customers made before the letters column: its fingerprint was its columns alone.
    const before = createHash('sha256').update(JSON.stringify(LOCAL_AREAS.customers!.columns)).digest('hex').slice(0, 16);
    db.prepare(`INSERT INTO ${tableOf('customers')} (id, w) VALUES ('x', '2026-01-01T00:00:00.000Z')`).run();
    db.prepare("UPDATE _areas SET version = ? WHERE area = 'customers'").run(before);
    migrate(db);
    expect(db.prepare(`SELECT count(*) AS n FROM ${tableOf('customers')}`).get()!.n).toBe(0);
    buildIndexes(db, 'customers');
    const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`).all(tableOf('customers')).map((r) => String(r.name));
    expect(indexes.length).toBeGreaterThan(10);
    for (const name of indexes) expect(db.prepare(`PRAGMA index_info("${name}")`).all().map((r) => r.name).at(-1), name).toBe('letters');
    db.close();
  });

  it('validates queries strictly against the derived columns', () => {
    const ok = localQueryInputSchema.safeParse({ area: 'documents', filters: [{ column: 'total_minor', op: 'range', gte: 10 }], sort: [{ column: 'customer__name', direction: 'asc' }] });
    expect(ok.success).toBe(true);
    const bad = (input: unknown) => localQueryInputSchema.safeParse(input).success;
    expect(bad({ area: 'documents', filters: [{ column: 'nope', op: 'equals', value: 'x' }] })).toBe(false);
    expect(bad({ area: 'documents', filters: [{ column: 'total_minor', op: 'contains', value: 'x' }] })).toBe(false);
    expect(bad({ area: 'documents', filters: [{ column: 'status', op: 'equals', value: 'bogus' }] })).toBe(false);
    expect(bad({ area: 'documents', filters: [{ column: 'issue_date', op: 'range', gte: '01/02/2026' }] })).toBe(false);
    expect(bad({ area: 'documents', filters: [{ column: 'customer__id', op: 'equals', value: 'not-a-uuid' }] })).toBe(false);
    expect(bad({ area: 'documents', sort: [{ column: 'line_items', direction: 'asc' }] })).toBe(false);
    expect(bad({ area: 'documents', extra: 1 })).toBe(false);
    expect(bad({ area: 'nowhere' })).toBe(false);
    expect(localAggregateInputSchema.safeParse({ area: 'expenses', group_by: 'review_status', sums: ['total'] }).success).toBe(true);
    expect(localAggregateInputSchema.safeParse({ area: 'expenses', sums: ['supplier_name'] }).success).toBe(false);
  });
});
