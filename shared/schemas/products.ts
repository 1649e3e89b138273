import { z } from 'zod';
import { uuid, timestamp, activeStatus, currency, minorMoney, qty3, readCode } from '../primitives';
import { VAT_BEHAVIORS } from '../assumptions';

export const PRODUCT_TYPES = ['product', 'raw_material'] as const;

export const productSchema = z.looseObject({
  id: uuid,
  object: z.literal('product'),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  description: z.null(),
  sku: readCode().nullable(),
  barcode: readCode().nullable(),
  price_minor: minorMoney(),
  currency,
  vat_behavior: z.enum(VAT_BEHAVIORS),
  unit: z.null(),
  status: activeStatus,
  inventory_tracked: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Product = z.infer<typeof productSchema>;

const componentSchema = z.looseObject({ component_id: uuid, name: z.string(), type: z.enum(PRODUCT_TYPES), quantity: z.string() });

/** /details: price and cost as strings, note, image, commission, inventory, recipes, components. */
export const productDetailsSchema = productSchema.extend({
  price: z.string(),
  cost: z.string().nullable(),
  note: z.string().nullable(),
  image_url: z.string().nullable(),
  commission: z.looseObject({ type: z.enum(['none', 'percent', 'fixed']), value: z.string().nullable() }),
  inventory: z.looseObject({ tracked: z.boolean(), quantity: qty3.nullable(), low_stock_threshold: qty3.nullable() }),
  recipes: z.array(z.looseObject({ id: uuid, name: z.string(), active: z.boolean(), components: z.array(componentSchema) })),
  components: z.array(componentSchema),
  default_supplier_id: uuid.nullable(),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;
