/** Products, raw materials with recipes, and an inventory level for every tracked one. */
import { minorToDecimal, thousandthsToQty, DEFAULT_CURRENCY, type ProductDetails, type InventoryLevel } from '../../../shared';
import type { Rng } from './rng';
import type { CatalogTheme, ComponentSpec } from './catalog-theme';
import { stamps, laterThan, iso } from './time';
import { ean13 } from './people';

type Component = ProductDetails['components'][number];

export interface Catalog {
  products: ProductDetails[];
  levels: InventoryLevel[];
  /** Products that can be sold on documents (type product, active). */
  sellable: ProductDetails[];
}

export function buildCatalog(rng: Rng, theme: CatalogTheme): Catalog {
  const byKey = new Map<string, ProductDetails>();
  const products: ProductDetails[] = [];

  const base = (type: ProductDetails['type'], name: string, sku: string, priceMinor: number, costMinor: number | null, tracked: boolean): ProductDetails => {
    const t = stamps(rng, 200, 900, 300);
    const qtyThousandths = tracked ? rng.int(0, type === 'raw_material' ? 400 : 150) * 1000 + (type === 'raw_material' ? rng.int(0, 999) : 0) : 0;
    return {
      id: rng.uuid(), object: 'product', type, name, description: null, sku,
      barcode: type === 'product' && rng.chance(0.8) ? ean13(rng) : null,
      price_minor: priceMinor, currency: DEFAULT_CURRENCY, vat_behavior: 'excluding_vat', unit: null,
      status: rng.chance(0.06) ? 'inactive' : 'active', inventory_tracked: tracked,
      created_at: t.created_at, updated_at: t.updated_at,
      price: minorToDecimal(priceMinor), cost: costMinor === null ? null : minorToDecimal(costMinor),
      note: null, image_url: null, commission: { type: 'none', value: null },
      inventory: tracked
        ? { tracked: true, quantity: thousandthsToQty(qtyThousandths), low_stock_threshold: thousandthsToQty(rng.pick([5, 10, 20, 25]) * 1000) }
        : { tracked: false, quantity: null, low_stock_threshold: null },
      recipes: [], components: [], default_supplier_id: null,
    };
  };

  for (const raw of theme.raws) {
    const p = base('raw_material', raw.name, raw.sku, raw.costMinor, raw.costMinor, true);
    products.push(p);
    byKey.set(raw.key, p);
  }
  const components = (specs: readonly ComponentSpec[]): Component[] => specs.map(([key, quantity]) => {
    const raw = byKey.get(key);
    if (!raw) throw new Error(`recipe names unknown raw material ${key}`);
    return { component_id: raw.id, name: raw.name, type: 'raw_material', quantity };
  });
  for (const spec of theme.products) {
    const p = base('product', spec.name, spec.sku, spec.priceMinor, spec.costMinor, spec.tracked);
    p.vat_behavior = spec.vat;
    if (spec.recipe.length) {
      p.components = components(spec.recipe);
      p.recipes = [{ id: rng.uuid(), name: spec.name.includes('קפסולות') ? 'מתכון קפסולות' : 'Standard', active: true, components: p.components }];
      if (spec.oldRecipe) p.recipes.push({ id: rng.uuid(), name: 'Old roast profile', active: false, components: components(spec.oldRecipe) });
    }
    if (spec.priceMinor >= 40_000 && rng.chance(0.7)) p.commission = { type: 'percent', value: '5.00' };
    if (rng.chance(0.1)) p.note = rng.pick(['מוצר עונתי', 'Best seller', 'להזמנה מראש בלבד', 'Roasted every Sunday']);
    products.push(p);
  }
  // Components shown in recipes must stay sellable history: never retire a raw material in use.
  for (const p of products) if (p.type === 'raw_material') p.status = 'active';

  const levels: InventoryLevel[] = products.filter((p) => p.inventory_tracked).map((p) => ({
    id: rng.uuid(), object: 'inventory_level', product_id: p.id, product_name: p.name, sku: p.sku,
    quantity: p.inventory.quantity ?? '0.000', low_stock_threshold: p.inventory.low_stock_threshold ?? '0.000',
    status: p.status, created_at: p.created_at, updated_at: iso(laterThan(rng, Date.parse(p.updated_at), 60)),
  }));
  const sellable = products.filter((p) => p.type === 'product' && p.status === 'active');
  return { products, levels, sellable };
}
