import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_IDS, fillPath, type Permission, type RouteDef, type RouteId } from '../../../shared';
import { errorCode, openSandbox, type TestSandbox } from './helpers';

/** The named key `documents_clerk` (issue 19): issues documents from existing customers and products, writes no products. */
let sb: TestSandbox;
beforeAll(async () => { sb = await openSandbox(); });
afterAll(async () => { await sb.close(); });
const clerk = () => sb.client('documents_clerk');
const CLERK: ReadonlySet<Permission> = new Set(['business:read', 'documents:read', 'documents:write', 'customers:read', 'products:read']);
const message = (r: { json: Record<string, unknown> }) => (r.json.error as { message: string }).message;

describe('documents_clerk', () => {
  it('reads business A and is refused exactly the routes that need a permission beyond its five', async () => {
    const owner = await sb.client('owner').call('business.get', {});
    expect((await clerk().call('business.get', {})).data.id).toBe(owner.data.id);
    const refused: RouteId[] = [];
    for (const id of ROUTE_IDS) {
      const route: RouteDef = ROUTES[id];
      const path = fillPath(route.path, { id: randomUUID(), activityId: randomUUID() });
      const r = await sb.raw('documents_clerk', route.method, path, route.method === 'GET' ? {} : { body: {} });
      const denied = r.status === 403 && errorCode(r) === 'insufficient_permission';
      expect(denied, id).toBe(!route.permissions.every((p) => CLERK.has(p)));
      if (denied) refused.push(id);
    }
    expect(refused).toContain('products.create');
    expect(refused).not.toContain('documents.create');
  });

  it('issues a document with client_request_id for an existing customer, its lines from existing products', async () => {
    const customer = (await clerk().call('customers.list', { query: { limit: 1 } })).data[0]!;
    const products = (await clerk().call('products.list', { query: { limit: 2, status: 'active' } })).data;
    expect(products).toHaveLength(2);
    const body = {
      client_request_id: randomUUID(), document_type: 'TAX_INVOICE' as const, customer_id: customer.id,
      lines: products.map((p, i) => ({ product_id: p.id, name: p.name, sku: p.sku, quantity: String(i + 1), unit_price: (p.price_minor / 100).toFixed(2) })),
    };
    const created = await clerk().call('documents.create', { body });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ document_type: 'TAX_INVOICE', status: 'open', customer: { id: customer.id, name: customer.name } });
    expect(created.data.line_items.map((l) => [l.product_id, l.quantity, l.unit_price_minor])).toEqual(products.map((p, i) => [p.id, `${i + 1}.000`, p.price_minor]));
    expect((await clerk().call('documents.get', { params: { id: created.data.id } })).data.id).toBe(created.data.id);
    // The user's retry of the same submission is the same document.
    const again = await clerk().call('documents.create', { body });
    expect([again.status, again.data.id, again.replayed]).toEqual([201, created.data.id, true]);
  });

  it('is refused every products:write route, and a document line saved as a product, with 403 insufficient_permission', async () => {
    const product = (await clerk().call('products.list', { query: { limit: 1 } })).data[0]!;
    const raw = (await sb.client('owner').call('rawMaterials.list', { query: { limit: 1 } })).data[0]!;
    const productWrites = ROUTE_IDS.filter((id) => ROUTES[id].permissions.includes('products:write'));
    expect(productWrites).toHaveLength(8);
    for (const id of productWrites) {
      const route: RouteDef = ROUTES[id];
      const target = route.resource === 'raw-materials' ? raw : product;
      // Bodies the owner's key could send: only the permission refuses them.
      const body = route.kind === 'create' ? { description: 'Clerk product', price: '10.00', currency: 'ILS' } : route.kind === 'update' ? { description: 'Renamed by the clerk' } : undefined;
      const r = await sb.raw('documents_clerk', route.method, fillPath(route.path, { id: target.id }), body ? { body } : {});
      expect([r.status, errorCode(r)], id).toEqual([403, 'insufficient_permission']);
      expect(message(r), id).toContain('products:write');
    }
    const customer = (await clerk().call('customers.list', { query: { limit: 1 } })).data[0]!;
    const saveAsProduct = await sb.raw('documents_clerk', 'POST', '/documents', {
      body: { client_request_id: randomUUID(), document_type: 'TAX_INVOICE', customer_id: customer.id, lines: [{ name: 'New thing', quantity: '1', unit_price: '5.00', save_as_product: true }] },
    });
    expect([saveAsProduct.status, errorCode(saveAsProduct)]).toEqual([403, 'insufficient_permission']);
    expect(message(saveAsProduct)).toContain('creating a product from a document line');
    expect((await clerk().call('products.get', { params: { id: product.id } })).data).toEqual(product);
  });
});
