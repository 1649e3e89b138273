import { describe, expect, it } from 'vitest';
import { ROUTES, type BridgeError, type OutboxEntry, type ProfileMeta } from '../../shared';
import {
  actionOf, dependentsOf, isTempId, keepAfterLookup, keepRuleOf, markOf, notKnownYet, outboxBlockOf, readValueOf, realIdOf, seenOf, touching, waitsBehind,
} from '../../renderer/rules/outbox';
import { factsOf } from '../../renderer/rules/permissions';
import { ID, customerDetails } from './fixtures';

type Rec = Record<string, unknown>;
const err = (e: Partial<BridgeError> & Pick<BridgeError, 'kind'>): BridgeError => ({ message: 'x', ...e });

let seq = 0;
/** An outbox entry as main lists it. */
function entry(over: Partial<OutboxEntry> & Pick<OutboxEntry, 'route'>): OutboxEntry {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, seq, params: null, body: {}, area: ROUTES[over.route].resource, record_id: null, temp_id: null, result_id: null,
    name: null, state: 'waiting', why: null, attempts: 0, created_at: '2026-11-28T10:00:00.000Z', sent_at: null, request_id: null, ...over,
  };
}
const TEMP = '11111111-1111-4111-8111-111111111111';
const REAL = '22222222-2222-4222-8222-222222222222';

describe('which failed writes the outbox keeps', () => {
  const create = ROUTES['customers.create'];
  const approve = ROUTES['expenses.approve'];
  const document = ROUTES['documents.create'];

  it('a write that never reached the service is kept as it is, keyed or not', () => {
    expect(keepRuleOf(create, err({ kind: 'network' }))).toBe('keep');
    expect(keepRuleOf(approve, err({ kind: 'network', idempotency_key: 'k' }))).toBe('keep');
    // 429 past the retries: the service took nothing.
    expect(keepRuleOf(create, err({ kind: 'api', status: 429 }))).toBe('keep');
  });

  it('one that may have landed is kept with its key where the route takes one, else looked up first', () => {
    expect(keepRuleOf(approve, err({ kind: 'timeout', idempotency_key: 'k' }))).toBe('keep');
    expect(keepRuleOf(document, err({ kind: 'api', status: 503 }))).toBe('keep');
    expect(keepRuleOf(create, err({ kind: 'unknown_outcome' }))).toBe('lookup');
    expect(keepRuleOf(create, err({ kind: 'api', status: 503 }))).toBe('lookup');
  });

  it('what the service answered is the form\'s to show, not the outbox\'s', () => {
    for (const e of [err({ kind: 'api', status: 400 }), err({ kind: 'api', status: 409 }), err({ kind: 'api', status: 500 }), err({ kind: 'api', status: 403 }), err({ kind: 'invalid_request' })]) {
      expect(keepRuleOf(create, e), JSON.stringify(e)).toBeNull();
    }
  });

  it('after the look-up: kept when surely not saved; when it cannot tell, a create (looked up again before sending), an edit or a delete, never another action', () => {
    expect(keepAfterLookup(create, 'not_saved')).toBe('keep');
    expect(keepAfterLookup(create, 'unclear')).toBe('keep_looked_up');
    expect(keepAfterLookup(ROUTES['leads.update'], 'unclear')).toBe('keep');
    expect(keepAfterLookup(ROUTES['tasks.delete'], 'unclear')).toBe('keep');
    expect(keepAfterLookup(ROUTES['leads.convert'], 'unclear')).toBeNull();
    expect(keepAfterLookup(ROUTES['leads.setStatus'], 'not_saved')).toBe('keep');
  });
});

describe('the version an edit was made on', () => {
  it('each field the edit sends, with its value when the form opened (as the form showed it), and the record\'s updated_at', () => {
    const opened = customerDetails({ name: 'Café Noga', status: 'active', email: null, updated_at: '2026-11-20T09:00:00.000Z' });
    expect(seenOf('customers.update', { name: 'Café Noga Ltd', status: 'INACTIVE', email: 'noga@example.com' }, opened)).toEqual({
      updated_at: '2026-11-20T09:00:00.000Z', fields: { name: 'Café Noga', status: 'ACTIVE', email: null },
    });
  });

  it('none for a record with revisions (the service checks those), a create, or a form that kept no record', () => {
    expect(seenOf('expenses.update', { expected_revision: 3, description: 'x' }, { id: ID.customer, revision: 3 })).toBeUndefined();
    expect(seenOf('customers.create', { name: 'x' }, customerDetails())).toBeUndefined();
    expect(seenOf('customers.update', { name: 'x' }, undefined)).toBeUndefined();
    // An action's body is not an edit of the record's fields.
    expect(seenOf('leads.setStatus', { status: 'WON' }, { id: ID.customer, status: 'new', updated_at: '2026-11-20T09:00:00.000Z' })).toBeUndefined();
  });
});

describe('entries, records and their order', () => {
  const customer = entry({ route: 'customers.create', temp_id: TEMP, record_id: TEMP, body: { name: 'Offline Café' } });
  const task = entry({ route: 'tasks.create', temp_id: '33333333-3333-4333-8333-333333333333', body: { title: 'Call', customer_id: TEMP } });
  const lead = entry({ route: 'leads.update', record_id: ID.customer, params: { id: ID.customer }, body: { contact_name: 'Dana' } });
  const all = [customer, task, lead];

  it('finds what writes a record, by its id or the temporary id of one made offline', () => {
    expect(touching(all, 'customers', TEMP)).toEqual([customer]);
    expect(touching(all, 'leads', ID.customer)).toEqual([lead]);
    expect(touching(all, 'customers', ID.customer)).toEqual([]);
    expect(touching([{ ...lead, state: 'sent' }], 'leads', ID.customer)).toEqual([]);
  });

  it('a temporary id is the outbox\'s until its creation is sent; then the service\'s id stands for it', () => {
    expect(isTempId(all, TEMP)).toBe(true);
    expect(realIdOf(all, TEMP)).toBeNull();
    const sent = [{ ...customer, state: 'sent' as const, result_id: REAL }, task];
    expect(isTempId(sent, TEMP)).toBe(false);
    expect(realIdOf(sent, TEMP)).toBe(REAL);
  });

  it('a write waits behind an unsent change of its record, or one that made a record it uses', () => {
    expect(waitsBehind(all, 'leads', ID.customer, { id: ID.customer }, { email: 'x@example.com' })).toBe(true);
    expect(waitsBehind(all, 'documents', null, undefined, { customer_id: TEMP, title: 'x' })).toBe(true);
    expect(waitsBehind(all, 'customers', REAL, { id: REAL }, { name: 'x' })).toBe(false);
    expect(waitsBehind([{ ...customer, state: 'sent' }], 'documents', null, undefined, { customer_id: TEMP })).toBe(false);
  });

  it('discarding a creation takes along the later changes that use the record it was to make, nothing else', () => {
    expect(dependentsOf(all, customer.id)).toEqual([task]);
    expect(dependentsOf(all, task.id)).toEqual([]);
    expect(dependentsOf(all, lead.id)).toEqual([]);
  });

  it('names what an entry does: create, update, delete, or its action', () => {
    expect(['customers.create', 'leads.update', 'tasks.delete', 'expenses.approve', 'leads.setStatus'].map((r) => actionOf(r as OutboxEntry['route']))).toEqual(['create', 'update', 'delete', 'approve', 'setStatus']);
  });
});

describe('rows made or changed offline', () => {
  const mark = { entry: '44444444-4444-4444-8444-444444444444', state: 'waiting', kind: 'create', area: 'customers' };

  it('reads the copy\'s mark, and nothing from a row without one (or a malformed one)', () => {
    expect(markOf({ id: TEMP, _local: mark })).toEqual(mark);
    expect(markOf({ id: TEMP })).toBeNull();
    expect(markOf({ id: TEMP, _local: { state: 'gone' } })).toBeNull();
  });

  it('a new record\'s empty values that only the service gives are not known yet; what the user typed or left empty is shown as it is', () => {
    const row: Rec = { id: TEMP, name: 'Offline Café', email: null, total_amount: null, document_count: null, created_at: '2026-11-28T10:00:00.000Z', _local: mark };
    expect(notKnownYet('customers', row, 'email')).toBe(false);
    expect(notKnownYet('customers', row, 'name')).toBe(false);
    expect(notKnownYet('customers', row, 'id')).toBe(false);
    expect(notKnownYet('customers', row, 'created_at')).toBe(false);
    expect(notKnownYet('customers', row, 'total_amount')).toBe(true);
    // Only for a record made offline: an edited one's values are the service's.
    expect(notKnownYet('customers', { ...row, _local: { ...mark, kind: 'update' } }, 'total_amount')).toBe(false);
    expect(notKnownYet('customers', { ...row, _local: undefined }, 'total_amount')).toBe(false);
  });

  it('a body\'s value is shown as the record reads it', () => {
    expect(readValueOf('leads.setStatus', 'status', 'CONTACTED')).toBe('contacted');
    expect(readValueOf('leads.update', 'contact_name', 'Dana')).toBe('Dana');
  });
});

describe('whether the outbox can keep a write offline', () => {
  const profile = { permissions_known: ['customers:write'] } as unknown as ProfileMeta;
  const facts = factsOf(profile, null, new Set());
  const on = { enabled: true, storage: 'file' as const };

  it('only with the copy on and kept somewhere, and only writes the key is known to be allowed', () => {
    expect(outboxBlockOf('customers.create', facts, on)).toBeNull();
    expect(outboxBlockOf('customers.create', facts, { enabled: true, storage: 'memory' })).toBeNull();
    expect(outboxBlockOf('leads.update', facts, on)).toBe('permission_unknown');
    expect(outboxBlockOf('customers.create', facts, { enabled: false, storage: 'file' })).toBe('copy_off');
    expect(outboxBlockOf('customers.create', facts, { enabled: true, storage: 'none' })).toBe('copy_off');
    expect(outboxBlockOf('customers.create', facts, undefined)).toBe('copy_off');
    // A refusal outranks an older success.
    expect(outboxBlockOf('customers.create', factsOf(profile, null, new Set(['customers:write'])), on)).toBe('permission_unknown');
  });
});
