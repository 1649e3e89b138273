import { z } from 'zod';
import { uuid, email, nonEmpty, isoDate, timestamp, colorHex, qtyWrite } from '../primitives';
import { upper, LEAD_SOURCES, LEAD_ACTIVITY_TYPES, LEAD_ACTION_TYPES, LEAD_CONVERT_MODES } from '../assumptions';
import { LEAD_STATUSES } from '../schemas/leads';
import { TASK_WRITE_STATUSES } from '../schemas/tasks';
import { optionalAll } from './parties';

const activityWrite = z.strictObject({
  type: z.enum(upper(LEAD_ACTIVITY_TYPES)),
  note: z.string().max(5000).nullable().optional(),
  occurred_at: timestamp.optional(),
});

const leadFields = {
  name: z.string().trim().max(200),
  contact_name: z.string().trim().max(200),
  phone: z.string().max(30).nullable(),
  email: email.nullable(),
  address: z.string().max(300).nullable(),
  source: z.enum(upper(LEAD_SOURCES)).nullable(),
  note: z.string().max(5000).nullable(),
  agent_id: uuid.nullable(),
};

export const leadCreateBody = z
  .strictObject({
    ...optionalAll(leadFields),
    status: z.enum(upper(LEAD_STATUSES)).optional(),
    products_of_interest: z.array(z.strictObject({ product_id: uuid, quantity: qtyWrite.optional() })).max(50).optional(),
    activity: activityWrite.optional(),
  })
  .refine((b) => Boolean(b.name?.trim() || b.contact_name?.trim()), { message: 'a business name or a contact name is required', path: ['name'] });
export const leadUpdateBody = z.strictObject({
  ...optionalAll(leadFields),
  products_of_interest: z.array(z.strictObject({ product_id: uuid, quantity: qtyWrite.optional() })).max(50).optional(),
});
export const leadStatusBody = z
  .strictObject({ status: z.enum(upper(LEAD_STATUSES)), loss_reason: z.string().trim().max(500).nullable().optional() })
  .refine((b) => b.status !== 'LOST' || Boolean(b.loss_reason), { message: 'a loss reason is required when the status is LOST', path: ['loss_reason'] });
export const leadActivityCreateBody = activityWrite;
export const leadActivityUpdateBody = activityWrite.partial();
export const leadConvertBody = z.strictObject({ mode: z.enum(upper(LEAD_CONVERT_MODES)) });

const taskFields = {
  title: nonEmpty.max(300),
  description: z.string().max(5000).nullable(),
  notes: z.string().max(5000).nullable(),
  due_date: isoDate.nullable(),
  due_at: timestamp.nullable(),
  lead_action_type: z.enum(upper(LEAD_ACTION_TYPES)).nullable(),
  display_creator: z.string().max(100).nullable(),
  tag: z.string().max(50).nullable(),
  status: z.enum(TASK_WRITE_STATUSES),
  starred: z.boolean(),
  customer_id: uuid.nullable(),
  lead_id: uuid.nullable(),
  document_ids: z.array(uuid).max(20),
  assigned_agent_id: uuid.nullable(),
};
export const taskCreateBody = z.strictObject({ ...optionalAll(taskFields), title: taskFields.title });
export const taskUpdateBody = z.strictObject(optionalAll(taskFields));

export const tagCreateBody = z.strictObject({ name: nonEmpty.max(50), color_hex: colorHex.nullable().optional() });
export const tagUpdateBody = z.strictObject({ name: nonEmpty.max(50).optional(), color_hex: colorHex.nullable().optional() });
