import type { z } from 'zod';
import { DEFAULT_CURRENCY, currencyDecimals, decimalToMinor, toQty3, type rawMaterialUpdateBody } from '../../../shared';
import { SandboxError, notFound } from '../errors';
import type { BusinessState, RowOf } from '../store/state';
import { copySent, lower, mustFind, referenced, restoreRow, softDelete } from './common';
import { newId, type Ctx, type HandlerMap, type Reply } from './context';
import { inventorySettings, productWithInventory } from './reads';

type Product = RowOf<'products'>;
type Level = RowOf<'inventoryLevels'>;
type ProductBody = z.output<typeof rawMaterialUpdateBody>;
type Kind = Product['type'];

export const levelOf = (b: BusinessState, productId: string): Level | undefined =>
  b.tables.inventoryLevels.values().find((l) => l.product_id === productId);

/** Sets tracking, absolute quantity and threshold; never adds a movement. */
export function applyInventory(b: BusinessState, p: Product, body: { track_inventory?: boolean | undefined; quantity?: string | undefined; low_stock_threshold?: string | undefined }, nowIso: string): Product {
  let product = p;
  if (body.track_inventory !== undefined && body.track_inventory !== p.inventory_tracked) {
    product = b.tables.products.put({ ...p, inventory_tracked: body.track_inventory, updated_at: nowIso });
  }
  if (!product.inventory_tracked && body.quantity === undefined && body.low_stock_threshold === undefined) return product;
  const cur = levelOf(b, p.id);
  const level: Level = cur ? { ...cur } : {
    id: newId(), object: 'inventory_level', product_id: p.id, product_name: p.name, sku: p.sku,
    quantity: '0.000', low_stock_threshold: '0.000', status: 'active', created_at: nowIso, updated_at: nowIso,
  };
  if (body.quantity !== undefined) level.quantity = toQty3(body.quantity);
  if (body.low_stock_threshold !== undefined) level.low_stock_threshold = toQty3(body.low_stock_threshold);
  level.product_name = product.name;
  level.sku = product.sku;
  level.status = product.status;
  level.updated_at = nowIso;
  b.tables.inventoryLevels.put(level);
  return product;
}

function recipeOf(b: BusinessState, selfId: string, items: readonly { component_id: string; quantity: string }[]) {
  return items.map((c, i) => {
    const comp = referenced(b.tables.products, c.component_id);
    if (comp.id === selfId) throw new SandboxError('invalid_body', `recipe.${i}.component_id: a product cannot contain itself`);
    return { component_id: comp.id, name: comp.name, type: comp.type, quantity: toQty3(c.quantity) };
  });
}

function applyProduct(b: BusinessState, base: Product, body: ProductBody): Product {
  const p = { ...base };
  if (body.description !== undefined) p.name = body.description;
  copySent(p, body, ['currency', 'sku', 'barcode', 'cost', 'note']);
  if (body.price !== undefined) { p.price = body.price; p.price_minor = decimalToMinor(body.price, currencyDecimals(p.currency)); }
  if (body.vat_behavior !== undefined) p.vat_behavior = lower(body.vat_behavior);
  if (body.status !== undefined) p.status = lower(body.status);
  if (body.default_supplier_id !== undefined) {
    p.default_supplier_id = body.default_supplier_id === null ? null : referenced(b.tables.suppliers, body.default_supplier_id).id;
  }
  if (body.recipe !== undefined) {
    const components = recipeOf(b, p.id, body.recipe);
    const active = p.recipes.find((r) => r.active);
    p.recipes = active
      ? p.recipes.map((r) => (r.id === active.id ? { ...r, components } : r))
      : [...p.recipes, { id: newId(), name: 'Default', active: true, components }];
    p.components = components;
  }
  return p;
}

/** Creates a product (also used for "save as product" on a document line). */
export function createProduct(b: BusinessState, kind: Kind, body: ProductBody & { description: string; price: string; currency: string }, nowIso: string): Product {
  const blank: Product = {
    id: newId(), object: 'product', type: kind, name: body.description, description: null, sku: null, barcode: null,
    price_minor: 0, currency: body.currency ?? DEFAULT_CURRENCY, vat_behavior: 'excluding_vat', unit: null, status: 'active',
    inventory_tracked: false, created_at: nowIso, updated_at: nowIso,
    price: '0', cost: null, note: null, image_url: null, commission: { type: 'none', value: null },
    inventory: { tracked: false, quantity: null, low_stock_threshold: null }, recipes: [], components: [], default_supplier_id: null,
  };
  const p = b.tables.products.put(applyProduct(b, blank, body));
  return applyInventory(b, p, body, nowIso);
}

/** A raw material used by an active recipe of a live product cannot be deleted. */
function usedInActiveRecipe(b: BusinessState, id: string): boolean {
  return b.tables.products.values().some((p) => p.recipes.some((r) => r.active && r.components.some((c) => c.component_id === id)));
}

function catalogHandlers(kind: Kind, prefix: 'products' | 'rawMaterials'): HandlerMap {
  const find = (b: BusinessState, id: string): Product => {
    const p = b.tables.products.get(id);
    if (!p || p.type !== kind) throw notFound();
    return p;
  };
  const create = (ctx: Ctx): Reply => ({ status: 201, data: createProduct(ctx.biz, kind, ctx.body as ProductBody & { description: string; price: string; currency: string }, ctx.nowIso) });
  const update = (ctx: Ctx): Reply => {
    const cur = find(ctx.biz, (ctx.params as { id: string }).id);
    const p = ctx.biz.tables.products.put({ ...applyProduct(ctx.biz, cur, ctx.body as ProductBody), updated_at: ctx.nowIso });
    return { data: productWithInventory(applyInventory(ctx.biz, p, ctx.body as ProductBody, ctx.nowIso), ctx.biz) };
  };
  const remove = (ctx: Ctx): Reply => {
    const cur = find(ctx.biz, (ctx.params as { id: string }).id);
    if (kind === 'raw_material' && usedInActiveRecipe(ctx.biz, cur.id)) throw new SandboxError('raw_material_in_use');
    return { data: softDelete(ctx.biz.tables.products, { ...cur, updated_at: ctx.nowIso }) };
  };
  const restore = (ctx: Ctx): Reply => ({ data: restoreRow(ctx.biz.tables.products, (ctx.params as { id: string }).id, ctx.nowIso, (p) => p.type === kind) });
  return { [`${prefix}.create`]: create, [`${prefix}.update`]: update, [`${prefix}.delete`]: remove, [`${prefix}.restore`]: restore } as HandlerMap;
}

export const CATALOG_HANDLERS: HandlerMap = {
  ...catalogHandlers('product', 'products'),
  ...catalogHandlers('raw_material', 'rawMaterials'),
  'inventory.update': (ctx) => {
    const p = mustFind(ctx.biz.tables.products, ctx.params.id);
    const next = applyInventory(ctx.biz, p, ctx.body, ctx.nowIso);
    if (next === p) ctx.biz.tables.products.put({ ...p, updated_at: ctx.nowIso });
    return { data: inventorySettings(ctx.biz, p.id) };
  },
};
