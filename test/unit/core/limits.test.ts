import { describe, expect, it } from 'vitest';
import { API_CALL_LIMITS, ATTACHMENT_LIMITS, bridgeErrorSchema, documentCreateBody, MAX_FIELD_ERRORS, OPERATIONS } from '../../../shared';
import { ApiError } from '../../../electron/client';
import { CoreError, toBridgeError } from '../../../electron/core/errors';
import { makeCore, newProfile, type TestCore } from './fixtures';

async function active(): Promise<TestCore> {
  const t = makeCore();
  const added = await t.call('profiles.add', newProfile());
  if (!added.ok) throw new Error('profile not added');
  await t.call('profiles.activate', { id: (added.data as { id: string }).id });
  return t;
}

const manyKeys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`unknown_${i}`, 'x']));

describe('api.call input limits (bridge contract)', () => {
  it('50,000 unknown query keys get a short refusal with at most 20 field errors, and nothing is sent', async () => {
    const t = await active();
    const r = await t.call('api.call', { route: 'customers.list', query: manyKeys(50_000) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('invalid_input');
    expect(r.error.field_errors).toEqual([{ path: 'query', message: `at most ${API_CALL_LIMITS.queryKeys} query parameters` }]);
    expect(JSON.stringify(r).length).toBeLessThan(1000);
    expect(t.api.calls).toEqual([]);
  });

  it(`allows ${API_CALL_LIMITS.queryKeys} query keys and ${API_CALL_LIMITS.paramKeys} path parameters, not one more`, async () => {
    const t = await active();
    expect((await t.call('api.call', { route: 'customers.list', query: manyKeys(API_CALL_LIMITS.queryKeys) })).ok).toBe(true);
    expect((await t.call('api.call', { route: 'customers.list', query: manyKeys(API_CALL_LIMITS.queryKeys + 1) })).ok).toBe(false);
    expect((await t.call('api.call', { route: 'customers.get', params: manyKeys(API_CALL_LIMITS.paramKeys) })).ok).toBe(true);
    const over = await t.call('api.call', { route: 'customers.get', params: manyKeys(API_CALL_LIMITS.paramKeys + 1) });
    expect(over.ok ? null : over.error.field_errors).toEqual([{ path: 'params', message: `at most ${API_CALL_LIMITS.paramKeys} path parameters` }]);
    expect(t.api.calls).toHaveLength(2);
  });

  it('bounds the length of keys and query values', async () => {
    const t = await active();
    expect((await t.call('api.call', { route: 'customers.list', query: { ['k'.repeat(API_CALL_LIMITS.keyLength + 1)]: 1 } })).ok).toBe(false);
    expect((await t.call('api.call', { route: 'customers.list', query: { search: 's'.repeat(API_CALL_LIMITS.queryValueLength + 1) } })).ok).toBe(false);
    expect(t.api.calls).toEqual([]);
  });

  it('refuses a body over the size limit, or one that is not JSON data', async () => {
    const t = await active();
    const justOver = 'x'.repeat(API_CALL_LIMITS.bodyJsonChars - 1); // +2 quotes in JSON
    const big = await t.call('api.call', { route: 'tags.create', body: justOver });
    expect(big.ok ? null : big.error.field_errors).toEqual([{ path: 'body', message: `the body must be at most ${API_CALL_LIMITS.bodyJsonChars} characters as JSON` }]);
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const notJson = await t.call('api.call', { route: 'tags.create', body: cyclic });
    expect(notJson.ok ? null : notJson.error.field_errors).toEqual([{ path: 'body', message: 'the body must be JSON data' }]);
    expect((await t.call('api.call', { route: 'tags.create', body: { n: 10n } })).ok).toBe(false);
    expect(t.api.calls).toEqual([]);
  });

  it('lets through the largest documents.create body its own contract allows (every attachment at its largest)', () => {
    const content = 'A'.repeat(ATTACHMENT_LIMITS.base64Chars);
    const body = {
      client_request_id: '0b6f0b7e-8a3c-4c71-9d7e-3c1f6b2a9e10',
      document_type: 'TAX_INVOICE',
      customer_id: '1b6f0b7e-8a3c-4c71-9d7e-3c1f6b2a9e10',
      note: 'n'.repeat(5000),
      lines: Array.from({ length: 500 }, () => ({ name: 'l'.repeat(300), sku: 's'.repeat(64), quantity: '1', unit_price: '1.00' })),
      attachments: Array.from({ length: ATTACHMENT_LIMITS.files }, (_, i) => ({ file_name: `${'f'.repeat(190)}-${i}.pdf`, content_base64: content })),
    };
    expect(documentCreateBody.safeParse(body).success).toBe(true);
    const input = OPERATIONS['api.call'].input.safeParse({ route: 'documents.create', body });
    expect(input.success).toBe(true);
  });
});

describe('field errors are capped at 20 in every reply', () => {
  const many = Array.from({ length: 500 }, (_, i) => ({ path: `f${i}`, message: 'bad' }));

  it('the contract refuses more than 20', () => {
    expect(MAX_FIELD_ERRORS).toBe(20);
    expect(bridgeErrorSchema.safeParse({ kind: 'invalid_input', message: 'x', field_errors: many.slice(0, 20) }).success).toBe(true);
    expect(bridgeErrorSchema.safeParse({ kind: 'invalid_input', message: 'x', field_errors: many.slice(0, 21) }).success).toBe(false);
  });

  it('core errors and client errors keep the first 20', () => {
    expect(toBridgeError(new CoreError('invalid_input', 'x', { field_errors: many })).field_errors).toEqual(many.slice(0, 20));
    expect(toBridgeError(new ApiError({ kind: 'invalid_request', message: 'x', field_errors: many })).field_errors).toEqual(many.slice(0, 20));
  });

  it('a client refusal with hundreds of field errors reaches the renderer with 20', async () => {
    const t = await active();
    t.api.routes['customers.create'] = () => { throw new ApiError({ kind: 'invalid_request', message: 'The body is not valid; nothing was sent.', field_errors: many }); };
    const r = await t.call('api.call', { route: 'customers.create', body: {} });
    expect(r.ok ? null : r.error.field_errors).toHaveLength(20);
  });

  it('a bridge input with hundreds of problems gets 20 field errors', async () => {
    const t = makeCore();
    const r = await t.call('api.call', { route: 'customers.list', query: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, { nested: true }])) });
    expect(r.ok ? null : r.error.field_errors?.length).toBe(20);
  });
});
