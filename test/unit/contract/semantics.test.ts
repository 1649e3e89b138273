import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  ROUTES, ROUTE_IDS, annotatedPaths, enumReadOf, enumWriteOf, isoDate, referencesIn, semanticsOf, timestamp, uuid,
  partyCreateBody, documentCreateBody, taskCreateBody, productUpdateBody, expensePaymentCreateBody, type FieldSemantics, type RouteDef,
} from '../../../shared';

const SOME_ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

/** Every string leaf of a schema that takes a UUID and nothing like free text, with its path. */
function uuidLeaves(schema: z.ZodType, prefix = ''): string[] {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
  if (s instanceof z.ZodArray) return uuidLeaves(s.element as z.ZodType, `${prefix}[]`);
  if (s instanceof z.ZodObject) return Object.entries(s.shape as Record<string, z.ZodType>).flatMap(([k, v]) => uuidLeaves(v, prefix ? `${prefix}.${k}` : k));
  if (s instanceof z.ZodString && s.safeParse(SOME_ID).success && !s.safeParse('x').success) return [prefix];
  return [];
}

describe('field semantics are declared once, on the body schemas', () => {
  it('every UUID field of every write body says which areas it references (client_request_id is the only id that is not a reference)', () => {
    expect(uuidLeaves(z.object({ a: uuid, b: z.array(uuid).optional(), c: z.string() }))).toEqual(['a', 'b[]']);
    const unannotated: string[] = [];
    for (const id of ROUTE_IDS) {
      const body = (ROUTES[id] as RouteDef).body;
      if (!body) continue;
      const refs = new Set(annotatedPaths(body).filter((a) => a.meta.kind === 'ref').map((a) => a.path));
      for (const path of uuidLeaves(body)) if (!refs.has(path) && path !== 'client_request_id') unannotated.push(`${id}: ${path}`);
    }
    expect(unannotated).toEqual([]);
  });

  it('annotations reach through optional, nullable and arrays, with their paths', () => {
    const party = Object.fromEntries(annotatedPaths(partyCreateBody).map((a) => [a.path, a.meta]));
    expect(party['tag_ids[]']).toEqual({ kind: 'ref', to: ['tags'] });
    expect(party['special_prices[].price']).toEqual({ kind: 'money', currency: 'currency', signed: false });
    expect(party['opening_balance']).toMatchObject({ kind: 'money', signed: true });
    expect(party['agent_id']).toEqual({ kind: 'ref', to: ['sales-agents'] });
    expect(party['address.country_code']).toEqual({ kind: 'countryCode' });
    expect(party['phones[].value']).toEqual({ kind: 'phone' });
    expect(party['status']).toMatchObject({ kind: 'enum', write: ['ACTIVE', 'INACTIVE'], read: ['active', 'inactive'], labels: 'status' });
    const doc = Object.fromEntries(annotatedPaths(documentCreateBody).map((a) => [a.path, a.meta]));
    expect(doc['lines[].product_id']).toEqual({ kind: 'ref', to: ['products', 'raw-materials'] });
    expect(doc['lines[].quantity']).toEqual({ kind: 'quantity' });
    expect(doc['receipt_payments[].payment_date']).toEqual({ kind: 'date' });
    expect(doc['document_type']).toMatchObject({ kind: 'enum', labels: 'enums' });
    expect(doc['note']).toEqual({ kind: 'longText' });
    expect(semanticsOf(productUpdateBody.shape.recipe)).toBeUndefined();
    expect(Object.fromEntries(annotatedPaths(productUpdateBody).map((a) => [a.path, a.meta]))['recipe[].component_id']).toEqual({ kind: 'ref', to: ['raw-materials', 'products'] });
  });

  it('maps read and write enum values both ways, the Hebrew task statuses included', () => {
    const status = semanticsOf(taskCreateBody.shape.status) as Extract<FieldSemantics, { kind: 'enum' }>;
    expect(enumWriteOf(status, 'completed')).toBe('בוצע');
    expect(enumReadOf(status, 'מבוטל')).toBe('canceled');
    expect(enumWriteOf(status, 'unknown')).toBeUndefined();
    const dir = semanticsOf(expensePaymentCreateBody.shape.direction) as Extract<FieldSemantics, { kind: 'enum' }>;
    expect([enumWriteOf(dir, 'outgoing'), enumReadOf(dir, 'INCOMING')]).toEqual(['OUTGOING', 'incoming']);
  });

  it('lists the references a body makes, with concrete paths', () => {
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    const refs = referencesIn(documentCreateBody, { customer_id: a, lines: [{ name: 'x' }, { product_id: b, name: 'y' }], linked_document_ids: [a, b] });
    expect(refs).toEqual([
      { path: 'customer_id', id: a, to: ['customers'] },
      { path: 'lines.1.product_id', id: b, to: ['products', 'raw-materials'] },
      { path: 'linked_document_ids.0', id: a, to: ['documents'] },
      { path: 'linked_document_ids.1', id: b, to: ['documents'] },
    ]);
    expect(referencesIn(partyCreateBody, { name: 'x', agent_id: null, tag_ids: [] })).toEqual([]);
  });
});

describe('dates use zod\'s own ISO validators', () => {
  it.each(['2023-02-31', '2023-02-29', '2026-04-31', '2026-13-01', '2026-1-01'])('refuses the date %s', (d) => expect(isoDate.safeParse(d).success).toBe(false));
  it.each(['2024-02-29', '2026-12-31'])('accepts the date %s', (d) => expect(isoDate.safeParse(d).success).toBe(true));
  it('timestamps are UTC with milliseconds and name a real instant', () => {
    expect(timestamp.safeParse('2026-01-31T09:15:00.000Z').success).toBe(true);
    for (const t of ['2026-02-30T09:15:00.000Z', '2026-01-31T09:15:00Z', '2026-01-31T09:15:00.000+02:00']) expect(timestamp.safeParse(t).success, t).toBe(false);
  });
});
