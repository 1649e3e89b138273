import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN, ROUTES, ROUTE_IDS, documentUpdateBody, isRealDateTime, routeQuerySchema } from '../../../shared';

/** Audit regressions: list parameters and write rules that both client and sandbox take from shared/. */
const customers = routeQuerySchema('customers.list')!;
const ok = (q: Record<string, unknown>) => customers.safeParse(q).success;

describe('limit is an integer 1..100 (spec 4.1), as a number or plain digits', () => {
  it.each(['1', '50', '100', '010'])('accepts %j', (v) => expect(ok({ limit: v })).toBe(true));
  it.each(['0', '101', '-1', '1e1', '0x10', ' 10', '10 ', '5.0', '5.5', '', 'abc', '+5'])('refuses %j', (v) => expect(ok({ limit: v })).toBe(false));
  it('numbers too', () => {
    expect(customers.safeParse({ limit: 25 }).data).toEqual({ limit: 25 });
    expect(ok({ limit: 2.5 })).toBe(false);
    expect(ok({ limit: 0 })).toBe(false);
  });
});

describe('created_after / updated_after name a real instant', () => {
  it.each([
    '2024-02-29T00:00Z', '2026-01-31T23:59:59Z', '2026-01-31T09:15:00.123456+02:00', '2026-01-31T09:15-05:30', '2000-02-29T12:00:00.000Z',
  ])('accepts %s', (v) => {
    expect(isRealDateTime(v)).toBe(true);
    expect(ok({ created_after: v, updated_after: v })).toBe(true);
  });
  it.each([
    '2023-02-29T00:00Z', '2024-02-30T00:00:00Z', '2026-04-31T00:00Z', '2026-13-01T00:00Z', '2026-00-10T00:00Z', '2026-01-00T00:00Z',
    '2026-01-31T24:00:00Z', '2026-01-31T23:60Z', '2026-01-31T23:59:60Z', '2026-01-31T10:00+24:00', '2026-01-31T10:00', '2026-01-31', 'yesterday',
    '1900-02-29T00:00Z',
  ])('refuses %s', (v) => {
    expect(isRealDateTime(v)).toBe(false);
    expect(ok({ updated_after: v })).toBe(false);
  });
});

describe('one schema per list route', () => {
  it('is memoised and absent for routes without a list', () => {
    expect(routeQuerySchema('customers.list')).toBe(customers);
    for (const id of ROUTE_IDS) expect(routeQuerySchema(id) === undefined, id).toBe(ROUTES[id].list === undefined);
  });
});

describe('write rules', () => {
  it('Idempotency-Key: 16 to 100 letters, digits, - or _', () => {
    for (const k of ['a'.repeat(16), 'a'.repeat(100), 'Abc_def-0123456789']) expect(IDEMPOTENCY_KEY_PATTERN.test(k), k).toBe(true);
    for (const k of ['a'.repeat(15), 'a'.repeat(101), 'abcdefghijklmnop!', 'abcdefghij klmnop', 'ключ-идемпотентности']) expect(IDEMPOTENCY_KEY_PATTERN.test(k), k).toBe(false);
  });
  it('PATCH /documents/{id}: note may be omitted (unchanged), null, or text; nothing else', () => {
    expect(documentUpdateBody.safeParse({}).success).toBe(true);
    expect(documentUpdateBody.safeParse({ note: null }).success).toBe(true);
    expect(documentUpdateBody.safeParse({ note: 'x' }).success).toBe(true);
    expect(documentUpdateBody.safeParse({ note: 'x', title: 'y' }).success).toBe(false);
  });
});

describe('path parameters', () => {
  it('exactly the {name} segments of the path, each a UUID', async () => {
    const { routeParamsSchema, pathParamNames } = await import('../../../shared');
    expect(pathParamNames('/leads/{id}/activities/{activityId}')).toEqual(['id', 'activityId']);
    const s = routeParamsSchema('leads.updateActivity');
    const id = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
    expect(s.safeParse({ id, activityId: id.toUpperCase() }).success).toBe(true);
    expect(s.safeParse({ id }).success).toBe(false);
    expect(s.safeParse({ id, activityId: 'x' }).success).toBe(false);
    expect(s.safeParse({ id, activityId: id, extra: id }).success).toBe(false);
    expect(routeParamsSchema('business.get').safeParse({}).success).toBe(true);
  });
});
