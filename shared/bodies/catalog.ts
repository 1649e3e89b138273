import { z } from 'zod';
import { uuid, currency, nonEmpty, positiveAmount, qtyWrite } from '../primitives';
import { upper, VAT_BEHAVIORS } from '../assumptions';
import { optionalAll } from './parties';

/** Inventory and recipe fields: sending any of them also needs inventory:write (rule 5). */
export const PRODUCT_INVENTORY_FIELDS = ['track_inventory', 'quantity', 'low_stock_threshold', 'recipe'] as const;

const productFields = {
  description: nonEmpty.max(300),
  price: positiveAmount,
  currency,
  sku: z.string().max(64).nullable(),
  barcode: z.string().max(64).nullable(),
  cost: positiveAmount.nullable(),
  vat_behavior: z.enum(upper(VAT_BEHAVIORS)),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  note: z.string().max(5000).nullable(),
  track_inventory: z.boolean(),
  quantity: qtyWrite,
  low_stock_threshold: qtyWrite,
  recipe: z.array(z.strictObject({ component_id: uuid, quantity: qtyWrite })).max(100),
};
const required = { description: productFields.description, price: productFields.price, currency: productFields.currency };

export const productCreateBody = z.strictObject({ ...optionalAll(productFields), ...required });
export const productUpdateBody = z.strictObject(optionalAll(productFields));
export const rawMaterialCreateBody = z.strictObject({ ...optionalAll(productFields), ...required, default_supplier_id: uuid.nullable().optional() });
export const rawMaterialUpdateBody = z.strictObject({ ...optionalAll(productFields), default_supplier_id: uuid.nullable().optional() });

export const inventoryUpdateBody = z.strictObject({
  track_inventory: z.boolean().optional(),
  quantity: qtyWrite.optional(),
  low_stock_threshold: qtyWrite.optional(),
});
