/** What a business sells and buys, before ids and timestamps are attached. */
import type { VAT_BEHAVIORS } from '../../../shared';

export interface RawSpec {
  key: string;
  name: string;
  sku: string;
  costMinor: number;
}

/** A component: raw material key and quantity per one unit of product (three decimals). */
export type ComponentSpec = readonly [rawKey: string, quantity: string];

export interface ProductSpec {
  name: string;
  sku: string;
  priceMinor: number;
  costMinor: number | null;
  tracked: boolean;
  /** Sold by weight or volume: document quantities may be fractional. */
  fractional: boolean;
  vat: (typeof VAT_BEHAVIORS)[number];
  recipe: readonly ComponentSpec[];
  /** An older, inactive recipe kept for history. */
  oldRecipe?: readonly ComponentSpec[];
}

export interface CatalogTheme {
  raws: RawSpec[];
  products: ProductSpec[];
}
