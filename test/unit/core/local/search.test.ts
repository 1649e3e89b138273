import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { localQueryInputSchema, type LocalQueryOutput } from '../../../../shared';
import { openSql } from '../../../../electron/core/local/sql';
import { migrate } from '../../../../electron/core/local/schema';
import { LocalStore } from '../../../../electron/core/local/store';
import { runQuery } from '../../../../electron/core/local/query';

/**
 * The search box over many records: every answer is checked against the records themselves (which
 * contain the text, in the language's collation order, then by id), whichever way the copy reads
 * them (few matches sorted, many matches along the sorted index, narrowed from the last letters).
 */
const HE = 'אבגדהוזחטיכלמנסעפצקרשת';
const EN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const word = (letters: string) => Array.from({ length: 3 + Math.floor(rand() * 4) }, () => letters[Math.floor(rand() * letters.length)]).join('');
let t = 0;
const at = () => new Date(Date.UTC(2026, 0, 1) + (t += 1000)).toISOString();
const customer = () => {
  const letters = rand() < 0.6 ? HE : EN;
  return {
    id: randomUUID(), object: 'customer', type: 'customer', name: `${word(letters)} ${word(letters)}`, business_number: null,
    // A final letter closes a Hebrew contact's name (chosen without a draw, so the other values stay as they were).
    contact_person: rand() < 0.5 ? `${word(HE)}${'ךםןףץ'[(t / 1000) % 5]}` : null, email: rand() < 0.3 ? `${word(EN).toLowerCase()}@x.example` : null, additional_emails: [],
    phone: rand() < 0.4 ? `05${Math.floor(rand() * 1e8)}` : null, phones: [], address: null, status: 'active', currency: 'ILS', tags: [], created_at: at(), updated_at: at(),
  };
};
type Customer = ReturnType<typeof customer>;

let store: LocalStore;
let held: Customer[];
const query = (input: unknown): LocalQueryOutput => runQuery(store, localQueryInputSchema.parse(input), true, null);

/** LIKE's case rule: ASCII letters only. */
const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const collator = new Intl.Collator('he-IL', { numeric: true });
function expected(search: string, direction: 'asc' | 'desc'): string[] {
  const s = fold(search);
  const hits = held.filter((c) => [c.name, c.contact_person, c.email, c.phone].some((v) => v !== null && fold(v).includes(s)));
  hits.sort((a, b) => collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1));
  if (direction === 'desc') hits.reverse();
  return hits.map((c) => c.id);
}
const ids = (search: string, direction: 'asc' | 'desc', page = { offset: 0, limit: 500 }) =>
  query({ area: 'customers', search, sort: [{ column: 'name', direction }], language: 'he', page });

beforeAll(() => {
  const db = openSql({ path: ':memory:', key: null });
  migrate(db);
  store = new LocalStore(db);
  held = Array.from({ length: 6_000 }, customer);
  store.upsert('customers', held);
  store.index('customers');
});

describe('search of the local copy', () => {
  it('a search of one or two characters answers exactly the records holding them, in collation order, with their total', () => {
    // Many matches (read along the name's index), few (their matches sorted), none; Latin case-blind.
    for (const s of ['ש', 'שר', '@', 'a', 'Ab', 'x.', 'ץץ']) {
      for (const direction of ['asc', 'desc'] as const) {
        const want = expected(s, direction);
        const got = ids(s, direction);
        expect(got.total, `${s} ${direction}`).toBe(want.length);
        expect(got.rows.map((r) => r.id), `${s} ${direction}`).toEqual(want.slice(0, 500));
      }
    }
    expect(expected('@', 'asc').length).toBeGreaterThan(1_000);
    expect(expected('שר', 'asc').length).toBeLessThan(6_000 / 8);
  });

  it('one letter or digit, any of them, in either case, in either direction and with no sort, answers exactly the records holding it', () => {
    const many = query({ area: 'customers', search: 'ש', sort: [], language: 'he', page: { offset: 300, limit: 500 } });
    expect(many.total).toBe(expected('ש', 'asc').length);
    // No sort: the newest first (updated_at desc, then id desc), as the API lists them.
    const hit = new Set(expected('ש', 'asc'));
    const newest = held.filter((c) => hit.has(c.id)).sort((a, b) => (a.updated_at < b.updated_at ? 1 : -1)).map((c) => c.id);
    expect(many.rows.map((r) => r.id)).toEqual(newest.slice(300, 800));
    for (const s of [...HE, ...'ךםןףץ', ...EN, ...'0123456789']) {
      const direction = s.charCodeAt(0) % 2 ? 'asc' : 'desc';
      const want = expected(s, direction);
      const got = ids(s, direction, { offset: 0, limit: 40 });
      expect([s, got.total], s).toEqual([s, want.length]);
      expect(got.rows.map((r) => r.id), s).toEqual(want.slice(0, 40));
    }
    expect(expected('ם', 'asc').length).toBeGreaterThan(0);
    expect(expected('7', 'asc').length).toBeGreaterThan(100);
  });

  it('one letter reads the letters kept in the sort index, no set of matches; other searches make their set', () => {
    const made = vi.spyOn(store.hits, 'of');
    try {
      for (const s of ['ש', 'A', '5', 'ם']) ids(s, 'asc');
      expect(made).not.toHaveBeenCalled();
      for (const s of ['@', 'שר', 'é']) ids(s, 'asc');
      expect([...new Set(made.mock.calls.map((c) => c[2]))]).toEqual(['@', 'שר', 'é']);
    } finally {
      made.mockRestore();
    }
  });

  it('a search with a filter counts only the matches the filter keeps (a search alone counts its whole set)', () => {
    for (const s of ['ש', 'x.e', 'a']) {
      const alone = ids(s, 'asc');
      const kept = new Set<string>(held.filter((c) => c.contact_person === null).map((c) => c.id));
      const want = expected(s, 'asc').filter((id) => kept.has(id));
      const got = query({ area: 'customers', search: s, filters: [{ column: 'contact_person', op: 'empty', empty: true }], sort: [{ column: 'name', direction: 'asc' }], language: 'he', page: { offset: 0, limit: 500 } });
      expect(got.total, s).toBe(want.length);
      expect(got.total, s).toBeLessThan(alone.total);
      expect(got.rows.map((r) => r.id), s).toEqual(want.slice(0, 500));
      expect(alone.total, s).toBe(expected(s, 'asc').length);
    }
  });

  it('windows of 60 read one after another give the same rows as one read', () => {
    for (const s of ['ש', 'שר', '@']) {
      const whole = ids(s, 'asc', { offset: 0, limit: 500 }).rows.map((r) => r.id);
      const windows: unknown[] = [];
      for (let offset = 0; offset < whole.length; offset += 60) windows.push(...ids(s, 'asc', { offset, limit: 60 }).rows.map((r) => r.id));
      expect(windows.slice(0, whole.length)).toEqual(whole);
    }
  });

  it('letters typed one by one, taken back and typed again answer as a fresh search would, past the sets it keeps', () => {
    for (const s of ['ש', 'שר', 'שרא', 'שר', 'ש', 'a', 'ab', 'b', 'c', 'd', 'ש', 'שר', 'a']) {
      const want = expected(s, 'asc');
      const got = ids(s, 'asc');
      expect(got.total, s).toBe(want.length);
      expect(got.rows.map((r) => r.id), s).toEqual(want.slice(0, 500));
    }
  });

  it('a sort by a column of few values and then by name, over the whole area, is in that order', () => {
    const got = query({ area: 'customers', sort: [{ column: 'status', direction: 'desc' }, { column: 'name', direction: 'asc' }], language: 'he', page: { offset: 100, limit: 200 } });
    expect(got.total).toBe(held.length);
    expect(got.rows.map((r) => r.id)).toEqual(expected('', 'asc').slice(100, 300));
  });

  it('an edited record is found by the letters it holds now, not by those it held', () => {
    const subject = held.find((c) => !c.name.includes('ץ') && c.contact_person === null && c.email === null)!;
    expect(ids('ץ', 'asc').rows.map((r) => r.id)).not.toContain(subject.id);
    const edited = { ...subject, name: `${subject.name} ץ`, updated_at: at() };
    store.upsert('customers', [edited]);
    held[held.indexOf(subject)] = edited;
    expect(ids('ץ', 'asc').rows.map((r) => r.id)).toContain(edited.id);
    expect(ids('ץ', 'asc').total).toBe(expected('ץ', 'asc').length);
    const back = { ...edited, name: subject.name, updated_at: at() };
    store.upsert('customers', [back]);
    held[held.indexOf(edited)] = back;
    expect(ids('ץ', 'asc').rows.map((r) => r.id)).not.toContain(back.id);
    expect(ids('ץ', 'asc').total).toBe(expected('ץ', 'asc').length);
  });

  it('a change to the records is searched at once: a new match is found, a removed one is gone', () => {
    const before = ids('שר', 'asc').total;
    const added = { ...customer(), name: 'אאא שרון' };
    store.upsert('customers', [added]);
    held.push(added);
    const after = ids('שר', 'asc');
    expect(after.total).toBe(before + 1);
    expect(after.rows[0]!.id).toBe(added.id);
    store.remove('customers', [added.id]);
    held.pop();
    expect(ids('שר', 'asc').total).toBe(before);
    expect(ids('שר', 'asc').rows.map((r) => r.id)).toEqual(expected('שר', 'asc').slice(0, 500));
  });
});

describe('a search\'s many matches in an order read slowly before', () => {
  it('are read from their order kept: every window, either direction, equals the records\' own order, and a change is seen at once', () => {
    const db = openSql({ path: ':memory:', key: null });
    migrate(db);
    // Every window counts as slow here: the second window asked in an order reads it from the order kept.
    const keeping = new LocalStore(db, { orderKeptAfterMs: 0 });
    keeping.upsert('customers', held);
    keeping.index('customers');
    const ask = (search: string, direction: 'asc' | 'desc', offset: number, limit = 20) =>
      runQuery(keeping, localQueryInputSchema.parse({ area: 'customers', search, sort: [{ column: 'name', direction }], language: 'he', page: { offset, limit } }), true, null);
    const made = vi.spyOn(keeping.hits, 'ordered');
    for (const s of ['@', 'שר']) {
      for (const direction of ['asc', 'desc'] as const) {
        const want = expected(s, direction);
        expect(want.length, s).toBeGreaterThan(50);
        for (const offset of [0, 20, 40, want.length - 10, 0]) {
          const got = ask(s, direction, offset);
          expect(got.total, `${s} ${direction} ${offset}`).toBe(want.length);
          expect(got.rows.map((r) => r.id), `${s} ${direction} ${offset}`).toEqual(want.slice(offset, offset + 20));
        }
      }
    }
    // The windows after a set's first in an order were read from its kept order.
    expect(made.mock.results.filter((r) => r.value !== null).length).toBe(4 * 4);
    const added = { ...customer(), name: 'אאא @' };
    keeping.upsert('customers', [added]);
    expect(ask('@', 'asc', 0).rows[0]!.id).toBe(added.id);
    expect(ask('@', 'asc', 0).total).toBe(expected('@', 'asc').length + 1);
    made.mockRestore();
    db.close();
  });
});

describe('numbers that name a record', () => {
  const doc = (n: number) => ({
    id: randomUUID(), object: 'document', document_type: 'TAX_INVOICE', document_number: n, title: `Invoice for ${word(EN)}`, status: 'open', language: 'he',
    customer: { id: randomUUID(), name: word(HE) }, issue_date: '2026-01-05', due_date: null, currency: 'ILS', subtotal_minor: 100, discount_minor: 0, vat_minor: 18,
    total_minor: 118, payment_status: 'unpaid', pdf_available: false, created_at: at(), updated_at: at(),
  });
  const found = (search: string) => query({ area: 'documents', search, sort: [{ column: 'document_number', direction: 'asc' }], page: { offset: 0, limit: 100 } }).rows.map((r) => r.document_number);

  it('a document is found by its number, as the copy fills it and as it changes after', () => {
    store.upsert('documents', Array.from({ length: 200 }, (_, i) => doc(10_000 + i)));
    store.index('documents');
    expect(found('10076')).toEqual([10_076]);
    expect(found('1007')).toEqual([10_070, 10_071, 10_072, 10_073, 10_074, 10_075, 10_076, 10_077, 10_078, 10_079]);
    expect(found('99')).toEqual([10_099, 10_199]);
    store.upsert('documents', [doc(20_076)]);
    expect(found('0076')).toEqual([10_076, 20_076]);
  });
});
