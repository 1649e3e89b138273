import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  CONFLICT_CODES, FEATURE_DISABLED_CODE, IDEMPOTENCY_KEY_PATTERN, TASK_WRITE_STATUS, bodyFromRecord, partyCreateBody, partyUpdateBody, productCreateBody, productUpdateBody, requiredPermissions,
  tagCreateBody, taskCreateBody, taskUpdateBody, uuid, type BridgeError, type Permission, type ProfileMeta,
} from '../../shared';
import { holdsUpdate, isUncertain, keyFor, matchesCreate, newRequestKey } from '../../shared';
import { approvable, failureOf, toggleSelection, totalsByCurrency } from '../../renderer/rules/bulk';
import { canonical } from '../../shared';
import { modelOf } from '../../renderer/forms/model';
import { toBody, toFormValues, type DirtyTree } from '../../renderer/forms/values';
import { deniedBy, factsOf, grantOf, lockOf, lockedFields, missingFor, writesOffline, type PermissionFacts } from '../../renderer/rules/permissions';
import { ID, customerDetails, formBody, customerRow, productDetails, productRow, tagRecord, taskDetails, taskRow } from './fixtures';

type Rec = Record<string, unknown>;

/** An edit form opened on a record, with some fields changed: the body it sends. */
function edited(schema: z.ZodType, start: Rec, changes: Rec, dirty: DirtyTree): Rec {
  const models = modelOf(schema);
  return toBody(models, { ...toFormValues(models, start), ...toFormValues(models, changes) }, { mode: 'update', dirty });
}

describe('request keys: kept for the user\'s retry of the same submission, new for a new one', () => {
  /** The fingerprint useWrite takes of a submission. */
  const fingerprint = (body: Rec, params: Rec = { id: ID.customer }) => canonical({ route: 'customers.update', params, body });

  it('the same submission again reuses the key; a changed one gets a new key', () => {
    const make = vi.fn<() => string>().mockReturnValueOnce('key-1').mockReturnValueOnce('key-2').mockReturnValueOnce('key-3');
    const first = keyFor(null, fingerprint({ name: 'Café', notes: 'x' }), make);
    expect(first.key).toBe('key-1');
    // The user's retry of the same body (its keys in another order) is the same submission.
    const retry = keyFor(first, fingerprint({ notes: 'x', name: 'Café' }), make);
    expect(retry).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    // The user changed the form after the failure: a new submission.
    const changed = keyFor(retry, fingerprint({ name: 'Café Noga', notes: 'x' }), make);
    expect(changed.key).toBe('key-2');
    // Another record is another submission, even with the same body.
    expect(keyFor(changed, fingerprint({ name: 'Café Noga', notes: 'x' }, { id: ID.task }), make).key).toBe('key-3');
  });

  it('after a success the hook forgets the previous attempt: the same body again is a new submission', () => {
    const make = vi.fn<() => string>().mockReturnValueOnce('key-1').mockReturnValueOnce('key-2');
    const first = keyFor(null, fingerprint({ name: 'Café' }), make);
    expect(keyFor(null, first.fingerprint, make)).toEqual({ fingerprint: first.fingerprint, key: 'key-2' });
  });

  it('a new key is a fresh UUID, valid both as an Idempotency-Key and as a client_request_id', () => {
    const keys = Array.from({ length: 20 }, () => newRequestKey());
    expect(new Set(keys).size).toBe(20);
    for (const k of keys) {
      expect(k).toMatch(IDEMPOTENCY_KEY_PATTERN);
      expect(uuid.safeParse(k).success).toBe(true);
    }
    expect(keyFor(null, 'fp').key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('isUncertain: errors after which the write may or may not have happened', () => {
  const err = (e: Partial<BridgeError>): BridgeError => ({ kind: 'api', message: 'x', ...e });

  it('no answer, a timeout, a 5xx, or a network failure of a keyed write: uncertain', () => {
    expect(isUncertain(err({ kind: 'unknown_outcome' }))).toBe(true);
    expect(isUncertain(err({ kind: 'timeout' }))).toBe(true);
    expect(isUncertain(err({ kind: 'api', status: 500, code: 'internal_error' }))).toBe(true);
    expect(isUncertain(err({ kind: 'api', status: 503 }))).toBe(true);
    expect(isUncertain(err({ kind: 'network', idempotency_key: newRequestKey() }))).toBe(true);
  });

  it('a 4xx answer, or a network failure before a plain write was sent: certain (it did not happen)', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(isUncertain(err({ kind: 'api', status })), String(status)).toBe(false);
    expect(isUncertain(err({ kind: 'api' }))).toBe(false);
    expect(isUncertain(err({ kind: 'network' }))).toBe(false);
    for (const kind of ['cancelled', 'invalid_request', 'invalid_response', 'no_profile'] as const) expect(isUncertain(err({ kind })), kind).toBe(false);
  });
});

describe('canonical: two submissions of the same thing have the same text', () => {
  it('ignores key order at every depth, keeps list order', () => {
    expect(canonical({ b: 1, a: { d: [1, 2], c: 'x' } })).toBe(canonical({ a: { c: 'x', d: [1, 2] }, b: 1 }));
    expect(canonical({ a: { c: 'x', d: [1, 2] }, b: 1 })).toBe('{"a":{"c":"x","d":[1,2]},"b":1}');
    expect(canonical([1, 2])).not.toBe(canonical([2, 1]));
    expect(canonical({ a: 'x' })).not.toBe(canonical({ a: 'y' }));
    expect(canonical({ a: '1' })).not.toBe(canonical({ a: 1 }));
    expect(canonical(undefined)).toBe('null');
    expect(canonical({ 'a"b': 'מבוטל' })).toBe('{"a\\"b":"מבוטל"}');
  });
});

describe('matchesCreate: a listed record that a lost create made', () => {
  it('finds the tag the form sent (colour upper-cased as sent), and not another', () => {
    const body = formBody(tagCreateBody, { name: ' VIP ', color_hex: '#1a2b3c' });
    expect(body).toEqual({ name: 'VIP', color_hex: '#1A2B3C' });
    expect(matchesCreate('tags.create', tagRecord(), body)).toBe(true);
    expect(matchesCreate('tags.create', tagRecord({ name: 'VIP ' }), body)).toBe(true);
    expect(matchesCreate('tags.create', tagRecord({ name: 'VIP 2' }), body)).toBe(false);
    expect(matchesCreate('tags.create', tagRecord({ color_hex: '#000000' }), body)).toBe(false);
  });

  it('compares the plain values the record has; lists, objects and fields the list does not show are not evidence', () => {
    const customer = customerRow();
    expect(matchesCreate('customers.create', customer, { name: 'Café Noga', email: 'noga@example.com', tag_ids: [ID.tag], document_language: 'HE' })).toBe(true);
    expect(matchesCreate('customers.create', customer, { name: 'Café Noga', email: 'other@example.com' })).toBe(false);
    expect(matchesCreate('customers.create', customer, { name: 'Café Noga', currency: 'USD' })).toBe(false);
    // Nothing comparable: no evidence of a match.
    expect(matchesCreate('customers.create', customer, { tag_ids: [ID.tag], address: { city: 'Haifa' }, document_language: 'HE' })).toBe(false);
    // Booleans and numbers are compared exactly.
    expect(matchesCreate('tasks.create', { ...taskRow(), starred: false }, { title: 'Call Noga', starred: false })).toBe(true);
    expect(matchesCreate('tasks.create', { ...taskRow(), starred: true }, { title: 'Call Noga', starred: false })).toBe(false);
    expect(matchesCreate('tasks.create', { ...taskRow(), count: 2 }, { title: 'Call Noga', count: 3 })).toBe(false);
    expect(matchesCreate('tasks.create', { ...taskRow(), count: 2 }, { title: 'Call Noga', count: 2 })).toBe(true);
  });

  it('finds a customer and a task created through their forms (enum values are compared as read values)', () => {
    expect(matchesCreate('customers.create', customerRow(), formBody(partyCreateBody, { name: 'Café Noga', status: 'ACTIVE', currency: 'ILS', document_language: 'HE' }))).toBe(true);
    expect(matchesCreate('tasks.create', taskRow(), formBody(taskCreateBody, { title: 'Call Noga', status: TASK_WRITE_STATUS.open }))).toBe(true);
  });

  it('finds a product created through its form (its name is "description" in the body)', () => {
    expect(matchesCreate('products.create', productRow(), formBody(productCreateBody, { description: 'Espresso cup', price: '12.50', currency: 'ILS' }))).toBe(true);
  });
});

describe('holdsUpdate: whether a read-back record holds what an update sent', () => {
  it('a customer whose city changed and gained a tag: the record after the write holds it, the one before does not', () => {
    const before = customerDetails();
    const start = bodyFromRecord('customers.update', before);
    const address = { ...(start.address as Rec), city: 'Tel Aviv' };
    const body = edited(partyUpdateBody, start, { address, tag_ids: [ID.tag, ID.tag2] }, { address: { city: true }, tag_ids: [false, true] });
    expect(body).toEqual({ address: { street: 'Herzl', street_number: '12', city: 'Tel Aviv', postal_code: '3303112', country_code: 'IL' }, tag_ids: [ID.tag, ID.tag2] });
    const after = customerDetails({
      address: { ...before.address!, city: 'Tel Aviv' },
      tag_details: [...before.tag_details, { id: ID.tag2, name: 'Wholesale', color_hex: null }],
    });
    expect(holdsUpdate('customers.update', after, body)).toBe(true);
    expect(holdsUpdate('customers.update', before, body)).toBe(false);
  });

  it('a cleared field: the record holds null', () => {
    const start = bodyFromRecord('customers.update', customerDetails());
    const body = edited(partyUpdateBody, start, { business_number: '' }, { business_number: true });
    expect(body).toEqual({ business_number: null });
    expect(holdsUpdate('customers.update', customerDetails({ business_number: null }), body)).toBe(true);
    expect(holdsUpdate('customers.update', customerDetails(), body)).toBe(false);
  });

  it('a task marked done: the Hebrew write status is read back as "completed"', () => {
    const body = edited(taskUpdateBody, bodyFromRecord('tasks.update', taskDetails()), { status: TASK_WRITE_STATUS.completed }, { status: true });
    expect(body).toEqual({ status: 'בוצע' });
    expect(holdsUpdate('tasks.update', taskDetails({ status: 'completed' }), body)).toBe(true);
    expect(holdsUpdate('tasks.update', taskDetails(), body)).toBe(false);
  });

  it('the revision an update expected is not evidence either way (the write changes it)', () => {
    expect(holdsUpdate('tags.update', tagRecord(), { name: 'VIP', expected_revision: 7 })).toBe(true);
    expect(holdsUpdate('tags.update', tagRecord(), { name: 'VIP 2', expected_revision: 7 })).toBe(false);
  });

  it('a product price and stock typed as the record shows them', () => {
    const body = edited(productUpdateBody, bodyFromRecord('products.update', productDetails()), { price: '14.00', quantity: '12.000' }, { price: true, quantity: true });
    expect(body).toEqual({ price: '14.00', quantity: '12.000' });
    const after = productDetails({ price: '14.00', price_minor: 1400, inventory: { tracked: true, quantity: '12.000', low_stock_threshold: '5.000' } });
    expect(holdsUpdate('products.update', after, body)).toBe(true);
    expect(holdsUpdate('products.update', productDetails(), body)).toBe(false);
  });

  it('a product price and stock typed without trailing zeros', () => {
    const body = edited(productUpdateBody, bodyFromRecord('products.update', productDetails()), { price: '14', quantity: '12' }, { price: true, quantity: true });
    const after = productDetails({ price: '14.00', price_minor: 1400, inventory: { tracked: true, quantity: '12.000', low_stock_threshold: '5.000' } });
    expect(holdsUpdate('products.update', after, body)).toBe(true);
  });
});

describe('permissions: what the key is known to lack', () => {
  const facts = (known: Permission[], denied: Permission[] = [], deniedWrites: Permission[] = []): PermissionFacts => ({ known, denied, deniedWrites: new Set(deniedWrites) });

  it('grantOf: a refusal outranks an older success; nothing known is unknown', () => {
    expect(grantOf('tags:write', facts(['tags:write']))).toBe('granted');
    expect(grantOf('tags:write', facts(['tags:write'], [], ['tags:write']))).toBe('denied');
    expect(grantOf('tags:write', facts(['tags:write'], ['tags:write']))).toBe('denied');
    expect(grantOf('tags:write', facts(['customers:write']))).toBe('unknown');
  });

  it('factsOf: the connection test\'s read and write refusals, the profile\'s proven permissions, this session\'s refusals', () => {
    const profile: ProfileMeta = {
      id: 'p1', name: 'Owner', environment: 'test', base_url: 'https://api.example.com', key_last4: 'ab12', status: 'ok', status_code: null,
      business_name: 'Café Noga', permissions_known: ['customers:read', 'customers:write'], is_demo: false, session_only: false,
    };
    const f = factsOf(profile, { denied: ['expenses:read'], write_denied: ['inventory:write'] }, new Set(['tags:write']));
    expect(f.known).toEqual(['customers:read', 'customers:write']);
    expect(f.denied).toEqual(['expenses:read', 'inventory:write']);
    expect([...f.deniedWrites]).toEqual(['tags:write']);
    expect(factsOf(profile, null, new Set()).denied).toEqual([]);
  });

  it('missingFor: a product update that sends a quantity also needs inventory:write; one that does not, does not', () => {
    const noStock = facts(['products:write'], ['inventory:write']);
    const withQuantity = edited(productUpdateBody, bodyFromRecord('products.update', productDetails()), { quantity: '12' }, { quantity: true });
    expect(requiredPermissions('products.update', withQuantity)).toEqual(['products:write', 'inventory:write']);
    expect(missingFor('products.update', withQuantity, noStock)).toEqual(['inventory:write']);
    expect(missingFor('products.update', { description: 'Cup' }, noStock)).toEqual([]);
    // Not known to lack it yet: the write is allowed to try.
    expect(missingFor('products.update', withQuantity, facts(['products:write']))).toEqual([]);
    expect(missingFor('tags.create', undefined, facts([], [], ['tags:write']))).toEqual(['tags:write']);
  });

  it('deniedBy: a 403 proves the one permission needed, or the one not already proven among several', () => {
    expect(deniedBy('tags.create', { name: 'VIP' }, facts([]))).toEqual(['tags:write']);
    expect(requiredPermissions('leads.convert', { mode: 'DEFAULT' })).toEqual(['leads:write', 'customers:write']);
    expect(deniedBy('leads.convert', { mode: 'DEFAULT' }, facts(['leads:write']))).toEqual(['customers:write']);
    expect(deniedBy('leads.convert', { mode: 'DEFAULT' }, facts(['customers:write']))).toEqual(['leads:write']);
    // Neither proven: nothing certain.
    expect(deniedBy('leads.convert', { mode: 'DEFAULT' }, facts([]))).toEqual([]);
    // A document that applies its stock movement, sent by a key proven to write documents.
    const doc = { document_type: 'TAX_INVOICE', customer_id: ID.customer, lines: [{ name: 'Cup', quantity: '1', unit_price: '12' }], inventory_adjustment: { apply: true } };
    expect(requiredPermissions('documents.create', doc)).toEqual(['documents:write', 'inventory:write']);
    expect(deniedBy('documents.create', doc, facts(['documents:write']))).toEqual(['inventory:write']);
    expect(deniedBy('documents.create', { ...doc, inventory_adjustment: { apply: false } }, facts(['documents:write']))).toEqual(['documents:write']);
  });

  it('locks only the fields of a combined operation the key lacks: a document\'s lines stay open without products:write', () => {
    const clerk = facts(['documents:write'], ['products:write']);
    const locks = lockedFields('documents.create', clerk);
    expect([...locks]).toEqual([['lines[].save_as_product', 'products:write']]);
    expect(lockOf(locks, 'lines.0.save_as_product')).toBe('products:write');
    expect(lockOf(locks, 'lines.3.save_as_product')).toBe('products:write');
    for (const free of ['lines', 'lines.0', 'lines.0.name', 'lines.0.sku', 'lines.0.quantity', 'customer_id']) expect(lockOf(locks, free), free).toBeUndefined();
    // A locked field locks what it holds.
    const noInventory = lockedFields('documents.create', facts([], ['inventory:write']));
    expect(lockOf(noInventory, 'inventory_adjustment.apply')).toBe('inventory:write');
    expect(lockedFields('documents.create', facts(['products:write', 'tasks:write', 'customers:write', 'inventory:write'])).size).toBe(0);
  });
});

describe('bulk approval rules', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];
  it('a click toggles one row; a shift-click sets the range from the last clicked row to the clicked state', () => {
    let s = toggleSelection(order, new Set(), 'b', null, false);
    expect([...s]).toEqual(['b']);
    s = toggleSelection(order, s, 'd', 'b', true);
    expect([...s].sort()).toEqual(['b', 'c', 'd']);
    s = toggleSelection(order, s, 'c', 'd', true);
    // c was on: the range d..c goes off.
    expect([...s].sort()).toEqual(['b']);
    // A range from a row no longer shown is one row.
    expect([...toggleSelection(order, new Set(), 'e', 'zz', true)]).toEqual(['e']);
  });

  it('adds up the selection per currency, exactly (minor units)', () => {
    expect(totalsByCurrency([{ total: '0.10', currency: 'ILS' }, { total: '0.20', currency: 'ILS' }, { total: '5', currency: 'USD' }, { total: 'x', currency: 'ILS' }], 'total'))
      .toEqual([{ currency: 'ILS', total: '0.30' }, { currency: 'USD', total: '5.00' }]);
  });

  it('offers only expenses waiting for review with nothing blocking them', () => {
    expect(approvable({ review_status: 'needs_review', blocking_issues: [] })).toBe(true);
    expect(approvable({ review_status: 'needs_review', blocking_issues: [{ code: 'missing_category' }] })).toBe(false);
    expect(approvable({ review_status: 'draft', blocking_issues: [] })).toBe(false);
  });

  it('tells a stale revision, a blocked approval, a missing permission, the feature off and a lost answer apart', () => {
    const api = (status: number, code: string) => ({ kind: 'api' as const, status, code, message: code });
    expect(failureOf(api(409, CONFLICT_CODES.staleRevision), false)).toBe('stale');
    expect(failureOf(api(409, CONFLICT_CODES.approvalBlocked), false)).toBe('blocked');
    expect(failureOf(api(403, 'insufficient_permission'), false)).toMatchObject({ kind: 'denied' });
    expect(failureOf(api(403, FEATURE_DISABLED_CODE), false)).toMatchObject({ kind: 'feature_off' });
    expect(failureOf({ kind: 'network', message: 'reset' }, true)).toMatchObject({ kind: 'unknown' });
    expect(failureOf(api(500, 'internal_error'), false)).toMatchObject({ kind: 'failed' });
  });
});

describe('writing offline (rules/permissions.ts writesOffline)', () => {
  const copy = (online: boolean, storage: 'file' | 'memory' | 'none' = 'file') => ({ storage, online });
  it('blocks once the copy\'s sync found no service and no call has been answered since', () => {
    expect(writesOffline({ answeredAt: null, syncOfflineSince: 5_000 }, copy(false))).toBe(true);
    expect(writesOffline({ answeredAt: 4_000, syncOfflineSince: 5_000 }, copy(false, 'memory'))).toBe(true);
    // Offline from the start (the status said so before any event): no answer yet blocks.
    expect(writesOffline({ answeredAt: null, syncOfflineSince: null }, copy(false))).toBe(true);
  });
  it('a call answered after the sync failed, or a sync that reaches the service, lifts it', () => {
    expect(writesOffline({ answeredAt: 6_000, syncOfflineSince: 5_000 }, copy(false))).toBe(false);
    expect(writesOffline({ answeredAt: null, syncOfflineSince: null }, copy(true))).toBe(false);
  });
  it('without a local copy a failed call never blocks the user\'s retry', () => {
    expect(writesOffline({ answeredAt: null, syncOfflineSince: 5_000 }, copy(false, 'none'))).toBe(false);
    expect(writesOffline({ answeredAt: null, syncOfflineSince: null }, undefined)).toBe(false);
  });
});
