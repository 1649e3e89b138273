import { ScriptedFaults } from '../../../electron/sandbox/http/limits';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROUTE_IDS, type Permission } from '../../../shared';
import { addressAllowed, compileAllowlist } from '../../../electron/sandbox/ip';
import { unhandledRoutes } from '../../../electron/sandbox/handlers';
import { computeTotals, dueDateOf, paymentStatusOf } from '../../../electron/sandbox/handlers/documents';
import { buildKeyRing } from '../../../electron/sandbox/keys';
import { dispatch, type Services } from '../../../electron/sandbox/http/dispatch';
import { CursorCodec } from '../../../electron/sandbox/http/cursor';
import { matchRoute } from '../../../electron/sandbox/http/router';
import { PdfLinks } from '../../../electron/sandbox/pdf-links';
import { stateFromDemo } from '../../../electron/sandbox/store/state';
import { buildDemoData } from '../../../electron/sandbox/seed';
import { SandboxError } from '../../../electron/sandbox/errors';

describe('route coverage', () => {
  it('every route of the table has a handler', () => {
    expect(ROUTE_IDS.length).toBeGreaterThan(90);
    expect(unhandledRoutes()).toEqual([]);
  });
  it('static segments win over ids; HEAD maps to GET', () => {
    expect(matchRoute('GET', '/inventory/movements').id).toBe('inventory.movements');
    expect(matchRoute('HEAD', '/inventory/abc').id).toBe('inventory.get');
    expect(() => matchRoute('DELETE', '/business')).toThrow(SandboxError);
  });
});

describe('IP allowlist', () => {
  it('matches IPv4, IPv6, CIDR and IPv4-mapped addresses; refuses more than 20 entries', () => {
    const list = compileAllowlist(['10.0.0.0/8', '192.168.1.7', '2001:db8::/32']);
    expect(addressAllowed(list, '10.20.30.40')).toBe(true);
    expect(addressAllowed(list, '::ffff:192.168.1.7')).toBe(true);
    expect(addressAllowed(list, '2001:db8::1')).toBe(true);
    expect(addressAllowed(list, '127.0.0.1')).toBe(false);
    expect(addressAllowed(list, '::1')).toBe(false);
    expect(() => compileAllowlist(Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`))).toThrow(RangeError);
    expect(() => compileAllowlist(['10.0.0.0/33'])).toThrow(RangeError);
  });
});

describe('document rules', () => {
  it('totals: line totals, discount, VAT at 18 %, vat = total - subtotal', () => {
    const t = computeTotals([{ unit_price_minor: 1001, quantity: '1.500', vat_included: false }, { unit_price_minor: 11800, quantity: '1.000', vat_included: true }], 100, 18);
    expect(t.lineTotals).toEqual([1502, 11800]);
    expect(t.subtotal).toBe(1502 + 10000 - 100);
    expect(t.vat).toBe(Math.round(11402 * 0.18));
    expect(t.total - t.subtotal).toBe(t.vat);
  });
  it('due dates per terms and payment status from status', () => {
    expect(dueDateOf('2026-01-31', { type: 'net', net_days: 30 })).toBe('2026-03-02');
    expect(dueDateOf('2026-01-31', { type: 'cash', net_days: null })).toBe('2026-01-31');
    expect(dueDateOf('2026-01-31', { type: 'none', net_days: null })).toBeNull();
    expect(paymentStatusOf('TAX_INVOICE', 'closed')).toBe('paid');
    expect(paymentStatusOf('PRICE_QUOTE', 'open')).toBe('not_applicable');
  });
});

describe('combined-operation permissions (rule 5)', () => {
  const state = stateFromDemo(1, buildDemoData(1));
  const ring = buildKeyRing(1, Date.now());
  const owner = [...ring.records.values()].find((r) => r.name === 'owner')!;
  const services: Services = { faults: new ScriptedFaults(), state: () => state, ring, codec: new CursorCodec('x'), pdfLinks: new PdfLinks(), clock: () => new Date() };
  const key = Object.entries(ring.keys).find(([n]) => n === 'owner')![1];
  const call = (permissions: Permission[], method: string, path: string, body: unknown) => {
    (owner as { permissions: ReadonlySet<Permission> }).permissions = new Set(permissions);
    return dispatch(services, { method, path, search: new URLSearchParams(), authorization: `Bearer ${key}`, idempotencyKey: undefined, address: '127.0.0.1', bodyText: JSON.stringify(body), contentType: 'application/json' });
  };
  const refusal = async (p: Promise<unknown>) => p.then(() => null, (e: SandboxError) => [e.code, e.message]);

  it('inventory fields on a product need inventory:write', async () => {
    const body = { description: 'Tea', price: '5.00', currency: 'ILS', track_inventory: true };
    const [code, message] = (await refusal(call(['products:write'], 'POST', '/products', body)))!;
    expect(code).toBe('insufficient_permission');
    expect(message).toContain('inventory:write');
    expect((await call(['products:write', 'inventory:write'], 'POST', '/products', body)).status).toBe(201);
    expect((await call(['products:write'], 'POST', '/products', { description: 'Tea', price: '5.00', currency: 'ILS' })).status).toBe(201);
  });

  it('a document that applies inventory or creates a task needs those permissions; conversion needs customers:write', async () => {
    const customer = state.businesses.A.tables.customers.values()[0]!;
    const doc = { client_request_id: crypto.randomUUID(), document_type: 'ORDER', customer_id: customer.id, lines: [{ name: 'x', quantity: '1', unit_price: '1' }] };
    expect((await refusal(call(['documents:write'], 'POST', '/documents', { ...doc, inventory_adjustment: { apply: true } })))![0]).toBe('insufficient_permission');
    expect((await refusal(call(['documents:write'], 'POST', '/documents', { ...doc, task: { title: 'Call' } })))![0]).toBe('insufficient_permission');
    expect((await call(['documents:write', 'tasks:write'], 'POST', '/documents', { ...doc, task: { title: 'Call' } })).status).toBe(201);
    const lead = state.businesses.A.tables.leads.values().find((l) => !l.converted_customer_id)!;
    expect((await refusal(call(['leads:write'], 'POST', `/leads/${lead.id}/convert-to-customer`, { mode: 'DEFAULT' })))![0]).toBe('insufficient_permission');
    (owner as { permissions: ReadonlySet<Permission> }).permissions = new Set(PERMISSIONS);
  });
});
