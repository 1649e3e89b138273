import { z } from 'zod';
import { uuid, timestamp, activeStatus, qty3, readCode, readRef } from '../primitives';

export const MOVEMENT_DIRECTIONS = ['increase', 'decrease'] as const;

export const inventoryLevelSchema = z.looseObject({
  id: uuid,
  object: z.literal('inventory_level'),
  product_id: readRef('products', 'raw-materials'),
  product_name: z.string(),
  sku: readCode().nullable(),
  quantity: qty3,
  low_stock_threshold: qty3,
  status: activeStatus,
  created_at: timestamp,
  updated_at: timestamp,
});
export type InventoryLevel = z.infer<typeof inventoryLevelSchema>;

export const inventoryMovementSchema = z.looseObject({
  id: uuid,
  object: z.literal('inventory_movement'),
  product_id: readRef('products', 'raw-materials'),
  product_name: z.string(),
  sku: readCode().nullable(),
  document_id: readRef('documents'),
  direction: z.enum(MOVEMENT_DIRECTIONS),
  quantity: qty3,
  created_at: timestamp,
});
export type InventoryMovement = z.infer<typeof inventoryMovementSchema>;

/** GET/PATCH /inventory/{id}: the inventory settings of one product or raw material ({id} is the product id). */
export const inventorySettingsSchema = z.looseObject({
  id: uuid,
  object: z.literal('inventory_settings'),
  product_id: uuid,
  product_name: z.string(),
  track_inventory: z.boolean(),
  quantity: qty3.nullable(),
  low_stock_threshold: qty3.nullable(),
  updated_at: timestamp,
});
export type InventorySettings = z.infer<typeof inventorySettingsSchema>;
