import { OPERATIONS, OPERATION_NAMES, ROUTE_IDS, type OperationName } from '../../shared';

/**
 * Hostile bridge calls for the fuzz test: each one is malformed on purpose (wrong types, huge
 * strings, __proto__ / constructor keys, unknown operations, deep nesting, unknown fields), built
 * from a valid call by one mutation that no valid call survives, so every one must be refused.
 */

export interface FuzzCall {
  category: string;
  /** What reaches main: sender, call id, operation, input (the IPC payload's fields). */
  sender: string | null;
  callId: unknown;
  operation: unknown;
  input: unknown;
}

const UUID = '0b6f3a52-3f4e-4a8e-9d6b-2c1e5f7a9d10';
const KEY = 'bo_test_0123456789ab_AbCdEfGhIjKlMnOpQrStUvWxYz012345';

/** A valid input per operation (the fuzz checks they are valid before mutating them). */
export const VALID: Record<OperationName, Record<string, unknown>> = {
  'app.info': {},
  'profiles.list': {},
  'profiles.add': { name: 'Acme', environment: 'test', base_url: 'https://api.example.test/v1', key: { source: 'typed', key: KEY }, session_only: true },
  'profiles.test': { id: 'p1' },
  'profiles.rename': { id: 'p1', name: 'Acme 2' },
  'profiles.replaceKey': { id: 'p1', key: { source: 'clipboard' } },
  'profiles.remove': { id: 'p1' },
  'profiles.activate': { id: 'p1' },
  'demo.start': {},
  'demo.reset': {},
  'api.call': { route: 'customers.create', body: { name: 'Fuzz' } },
  'pdf.open': { document_id: UUID, target: 'window' },
  'pdf.save': { document_id: UUID },
  'ui.setLanguage': { language: 'en' },
  'clipboard.copy': { text: 'hello' },
  'demo.completeLeadDraft': { draft_id: UUID },
  'export.start': {
    route: 'customers.list', query: { status: 'active' }, format: 'csv', title: 'Customers', locale: 'en-US', rtl: false,
    columns: [{ key: 'name', kind: 'text', label: 'Name' }], texts: { status: {}, enums: {}, yes: 'Yes', no: 'No' },
  },
  'export.cancel': { job_id: 'job-1' },
  'activity.record': { route: 'customers.create', area: 'customers', record_id: null, name: 'Acme', outcome: 'ok' },
  'activity.list': {},
  'ui.getTheme': {},
  'ui.setTheme': { theme: 'dark' },
  'views.get': { profile_id: 'p1' },
  'lists.get': { profile_id: 'p1', list: 'deleted' },
  'lists.save': { profile_id: 'p1', list: 'leadDrafts', entries: [{ id: UUID, name: 'דנה לוי', submitted_at: '2026-11-25T10:00:00.000Z' }] },
  'views.save': {
    profile_id: 'p1', area: 'customers',
    views: { current: { columnVisibility: {}, columnOrder: [], columnSizing: {}, pageSize: 25, filters: { search: '', status: null, createdAfter: null, updatedAfter: null } }, named: [], active: null },
  },
  'local.query': {
    area: 'documents', filters: [{ column: 'status', op: 'in', values: ['open', 'closed'] }, { column: 'total_minor', op: 'range', gte: 10 }],
    sort: [{ column: 'customer__name', direction: 'asc' }], search: 'קפה', language: 'he', page: { offset: 0, limit: 50 },
  },
  'local.aggregate': { area: 'expenses', filters: [{ column: 'issue_date', op: 'range', gte: '2026-01-01' }], group_by: 'review_status', sums: ['total'] },
  'local.readMany': {
    reads: [
      { aggregate: { area: 'documents', filters: [{ column: 'payment_status', op: 'in', values: ['unpaid', 'partially_paid'] }], sums: ['total_minor'] } },
      { query: { area: 'leads', sort: [{ column: 'name', direction: 'asc' }], page: { offset: 0, limit: 10 } } },
    ],
  },
  'local.status': {},
  'local.syncNow': {},
  'local.checkDeletions': {},
  'local.setEnabled': { enabled: false },
  'local.forget': {},
  'outbox.submit': { route: 'customers.create', body: { name: 'Fuzz' } },
  'outbox.list': {},
  'outbox.retry': {},
  'outbox.discard': { id: UUID },
  'outbox.resolve': { id: UUID, choice: 'again' },
};

/** Valid api.call inputs of several kinds of route (the client's validation accepts each). */
export const VALID_API_CALLS: Record<string, unknown>[] = [
  { route: 'customers.create', body: { name: 'Fuzz', email: 'fuzz@example.com' } },
  { route: 'customers.update', params: { id: UUID }, body: { name: 'Fuzz' } },
  { route: 'customers.list', query: { limit: 5, search: 'x' } },
  { route: 'documents.create', body: { document_type: 'TAX_INVOICE', customer_id: UUID, lines: [{ name: 'x', quantity: '1', unit_price: '1' }] } },
  { route: 'expenses.approve', params: { id: UUID }, body: { expected_revision: 1, confirmed: true } },
  { route: 'expensePayments.create', body: { direction: 'OUTGOING', amount: '1.00', currency: 'ILS', payment_date: '2026-11-02', method: 'CASH', allocations: [{ expense_id: UUID, expected_revision: 1, amount: '1.00' }] } },
  { route: 'tags.create', body: { name: 'Fuzz' } },
  { route: 'expenses.get', params: { id: UUID } },
];

/** Own properties named __proto__ or constructor, as JSON.parse (and a hostile page) makes them. */
function withOwn(o: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const out = { ...o };
  Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
  return out;
}

export function deepNest(depth: number, leaf: unknown = 'x', asArray = false): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
}

export function fuzzer(rand: () => number, appPage: string) {
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  /** Beyond every string limit of the contract (the largest, 10 % of them, over a megabyte). */
  const huge = () => pick(['x', 'é', '😀', '\u0000', '<script>']).repeat(rand() < 0.1 ? 1_100_000 : pick([3_000, 70_000, 300_000]));
  const hostileKey = () => pick(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__', 'x'.repeat(100_000), '', ' ', '\u0000', 'then']);
  const pollution = () => pick([{ polluted: true }, { prototype: { polluted: true } }, JSON.parse('{"__proto__":{"polluted":true}}') as unknown, null, 'x']);
  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic.self = [cyclic];
  /** A value of another type than `v` (never a valid replacement for it). */
  const wrongType = (v: unknown): unknown => {
    // Functions, symbols and BigInts cannot cross IPC: the fuzz then hands them to the router directly.
    const options: unknown[] = [null, 42, -1, 1e308, Number.NaN, true, [], [v], { v }, 'text', deepNest(50), cyclic, () => 1, Symbol.for('x'), 10n];
    const candidates = options.filter((o) => typeof o !== typeof v || Array.isArray(o) !== Array.isArray(v) || (o === null) !== (v === null));
    return pick(candidates);
  };

  /** The fields of a valid input the contract cannot do without (leaving out an optional one is still a valid call). */
  const requiredOf = new Map<OperationName, string[]>();
  const required = (op: OperationName, valid: Record<string, unknown>): string[] => {
    let keys = requiredOf.get(op);
    if (!keys) {
      keys = Object.keys(valid).filter((k) => { const { [k]: _gone, ...rest } = valid; return !OPERATIONS[op].input.safeParse(rest).success; });
      requiredOf.set(op, keys);
    }
    return keys;
  };

  /** One mutation of a valid input that makes it invalid for its operation. */
  function mutate(op: OperationName, valid: Record<string, unknown>): { category: string; input: unknown } {
    const keys = Object.keys(valid);
    const r = int(keys.length === 0 ? 3 : 7);
    switch (r) {
      case 0: return { category: 'unknown field', input: withOwn(valid, `${hostileKey()}${int(2) ? '' : 'x'}`, pollution()) };
      case 1: return { category: '__proto__ / constructor key', input: withOwn(valid, pick(['__proto__', 'constructor']), pollution()) };
      case 2: return { category: 'not an object', input: pick([null, undefined, 7, 'app.info', [], [valid], true, new Date(0), new Map([['a', 1]]), /x/, () => valid, Symbol('input'), 10n]) };
      case 3: {
        // A nullable field takes null, and a field that is null takes text: keep drawing until the contract refuses it.
        for (;;) {
          const k = pick(keys);
          const input = { ...valid, [k]: wrongType(valid[k]) };
          if (!OPERATIONS[op].input.safeParse(input).success) return { category: 'wrong type', input };
        }
      }
      case 4: {
        const needed = required(op, valid);
        if (needed.length === 0) return { category: 'unknown field', input: withOwn(valid, `missing-${hostileKey()}`, pollution()) };
        const k = pick(needed);
        const { [k]: _gone, ...rest } = valid;
        return { category: 'missing field', input: rest };
      }
      case 5: { const k = pick(keys); return { category: 'huge string', input: { ...valid, [k]: typeof valid[k] === 'string' && op !== 'api.call' ? huge() : { [huge()]: huge() } } }; }
      default: { const k = pick(keys); return { category: 'deep nesting', input: { ...valid, [k]: deepNest(pick([200, 2_000, 20_000]), 'x', int(2) === 0) } }; }
    }
  }

  /** A mutation of an api.call input: the bridge's shape may hold, but the route's contract fails. */
  function mutateApiCall(): { category: string; input: unknown } {
    const valid = pick(VALID_API_CALLS);
    const body = valid.body as Record<string, unknown> | undefined;
    switch (int(9)) {
      case 0: return { category: 'api.call: unknown route', input: { ...valid, route: pick(['customers.drop', 'CUSTOMERS.CREATE', '__proto__', 'constructor', 'customers.create ', ...ROUTE_IDS.map((id) => `${id}x`)]) } };
      case 1: return { category: 'api.call: body field outside the contract', input: { ...valid, body: withOwn(body ?? {}, pick(['__proto__', 'constructor', 'business_id', 'id', 'x'.repeat(int(2) ? 10 : 200_000)]), pollution()) } };
      case 2: return { category: 'api.call: wrong body type', input: { ...valid, body: body ? Object.fromEntries(Object.entries(body).map(([k, v], i) => [k, i === 0 ? wrongType(v) : v])) : { anything: 1 } } };
      case 3: return { category: 'api.call: bad path parameter', input: { ...valid, params: pick([{ id: 'not-a-uuid' }, { id: `${UUID}/../x` }, { id: UUID, other: UUID }, { [hostileKey()]: UUID }, { id: huge() }]) } };
      case 4: return { category: 'api.call: bad query', input: { ...valid, query: pick([{ limit: 1000 }, { limit: -1 }, { limit: 'ten' }, { unknown: 'x' }, { search: huge() }, { [hostileKey()]: 'x' }, Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]))]) } };
      case 5: return { category: 'api.call: deep body', input: { ...valid, body: deepNest(pick([500, 5_000, 50_000]), 'x', int(2) === 0) } };
      case 6: return { category: 'api.call: huge body value', input: { ...valid, body: { ...(body ?? {}), name: huge(), [huge()]: 1 } } };
      case 7: return { category: 'api.call: bad idempotency key', input: { ...valid, idempotency_key: pick(['short', 'has spaces in it at all', 'x'.repeat(101), huge(), 42, '../../etc/passwd00']) } };
      default: return { category: 'api.call: extra part', input: withOwn(valid, pick(['__proto__', 'constructor', 'headers', 'authorization', 'signal']), pollution()) };
    }
  }

  /** The next hostile call: mostly hostile inputs from the app's own page, some from elsewhere or without a call id. */
  function next(i: number): FuzzCall {
    const r = rand();
    if (r < 0.08) {
      const operation = pick<unknown>(['nope', 'API.CALL', 'api.call ', ' app.info', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', huge(), '', null, 42, {}, ['app.info'], 'profiles.add\n']);
      return { category: 'unknown operation', sender: appPage, callId: `f${i}`, operation, input: {} };
    }
    if (r < 0.11) return { category: 'foreign sender', sender: pick(['https://evil.example/', 'file:///etc/passwd', 'app://bizops.evil/', 'devtools://devtools/', 'app://bizops@evil/', null]), callId: `f${i}`, operation: pick(OPERATION_NAMES), input: VALID[pick(OPERATION_NAMES)] };
    if (r < 0.14) return { category: 'bad call id', sender: appPage, callId: pick([null, '', 7, {}, 'x'.repeat(129), huge(), ['c']]), operation: pick(OPERATION_NAMES), input: {} };
    if (r < 0.5) return { ...mutateApiCall(), sender: appPage, callId: `f${i}`, operation: 'api.call' };
    const op = pick(OPERATION_NAMES);
    return { ...mutate(op, VALID[op]), sender: appPage, callId: `f${i}`, operation: op };
  }

  return { next };
}
