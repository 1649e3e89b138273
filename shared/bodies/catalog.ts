import { z } from 'zod';
import { currency, nonEmpty, qtyWrite } from '../primitives';
import { VAT_BEHAVIORS } from '../assumptions';
import { longText, money, ref, writeEnum } from '../fields';
import { optionalAll } from './parties';

/** Inventory and recipe fields: sending any of them also needs inventory:write (rule 5). */
export const PRODUCT_INVENTORY_FIELDS = ['track_inventory', 'quantity', 'low_stock_threshold', 'recipe'] as const;

const productFields = {
  description: nonEmpty.max(300),
  price: money(),
  currency,
  sku: z.string().max(64).nullable(),
  barcode: z.string().max(64).nullable(),
  cost: money().nullable(),
  vat_behavior: writeEnum(VAT_BEHAVIORS),
  status: writeEnum(['active', 'inactive'], 'status'),
  note: longText(5000).nullable(),
  track_inventory: z.boolean(),
  quantity: qtyWrite,
  low_stock_threshold: qtyWrite,
  recipe: z.array(z.strictObject({ component_id: ref('raw-materials', 'products'), quantity: qtyWrite })).max(100),
};
const required = { description: productFields.description, price: productFields.price, currency: productFields.currency };
const defaultSupplier = { default_supplier_id: ref('suppliers').nullable().optional() };

export const productCreateBody = z.strictObject({ ...optionalAll(productFields), ...required });
export const productUpdateBody = z.strictObject(optionalAll(productFields));
export const rawMaterialCreateBody = z.strictObject({ ...optionalAll(productFields), ...required, ...defaultSupplier });
export const rawMaterialUpdateBody = z.strictObject({ ...optionalAll(productFields), ...defaultSupplier });

export const inventoryUpdateBody = z.strictObject({
  track_inventory: z.boolean().optional(),
  quantity: qtyWrite.optional(),
  low_stock_threshold: qtyWrite.optional(),
});
