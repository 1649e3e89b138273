import { z } from 'zod';
import { email, nonEmpty, isoDate, timestamp, colorHex, qtyWrite } from '../primitives';
import { LEAD_SOURCES, LEAD_ACTIVITY_TYPES, LEAD_ACTION_TYPES, LEAD_CONVERT_MODES } from '../assumptions';
import { LEAD_STATUSES } from '../schemas/leads';
import { TASK_WRITE_STATUS } from '../schemas/tasks';
import { longText, mappedEnum, phone, ref, writeEnum } from '../fields';
import { optionalAll } from './parties';

const activityWrite = z.strictObject({
  type: writeEnum(LEAD_ACTIVITY_TYPES),
  note: longText(5000).nullable().optional(),
  occurred_at: timestamp.optional(),
});

const productsOfInterest = z.array(z.strictObject({ product_id: ref('products'), quantity: qtyWrite.optional() })).max(50);
const leadFields = {
  name: z.string().trim().max(200),
  contact_name: z.string().trim().max(200),
  phone: phone(0, 30).nullable(),
  email: email.nullable(),
  address: z.string().max(300).nullable(),
  source: writeEnum(LEAD_SOURCES).nullable(),
  note: longText(5000).nullable(),
  agent_id: ref('sales-agents').nullable(),
};
const leadStatusWrite = writeEnum(LEAD_STATUSES, 'status');

export const leadCreateBody = z
  .strictObject({
    ...optionalAll(leadFields),
    status: leadStatusWrite.optional(),
    products_of_interest: productsOfInterest.optional(),
    activity: activityWrite.optional(),
  })
  .refine((b) => Boolean(b.name?.trim() || b.contact_name?.trim()), { message: 'a business name or a contact name is required', path: ['name'], params: { rule: 'name_or_contact' } });
export const leadUpdateBody = z.strictObject({
  ...optionalAll(leadFields),
  products_of_interest: productsOfInterest.optional(),
});
export const leadStatusBody = z
  .strictObject({ status: leadStatusWrite, loss_reason: z.string().trim().max(500).nullable().optional() })
  .refine((b) => b.status !== 'LOST' || Boolean(b.loss_reason), { message: 'a loss reason is required when the status is LOST', path: ['loss_reason'], params: { rule: 'loss_reason_required' } });
export const leadActivityCreateBody = activityWrite;
export const leadActivityUpdateBody = activityWrite.partial();
export const leadConvertBody = z.strictObject({ mode: writeEnum(LEAD_CONVERT_MODES) });

export const taskWriteStatus = mappedEnum(TASK_WRITE_STATUS, 'status');
const taskFields = {
  title: nonEmpty.max(300),
  description: longText(5000).nullable(),
  notes: longText(5000).nullable(),
  due_date: isoDate.nullable(),
  due_at: timestamp.nullable(),
  lead_action_type: writeEnum(LEAD_ACTION_TYPES).nullable(),
  display_creator: z.string().max(100).nullable(),
  tag: z.string().max(50).nullable(),
  status: taskWriteStatus,
  starred: z.boolean(),
  customer_id: ref('customers').nullable(),
  lead_id: ref('leads').nullable(),
  document_ids: z.array(ref('documents')).max(20),
  assigned_agent_id: ref('sales-agents').nullable(),
};
export const taskCreateBody = z.strictObject({ ...optionalAll(taskFields), title: taskFields.title });
export const taskUpdateBody = z.strictObject(optionalAll(taskFields));

export const tagCreateBody = z.strictObject({ name: nonEmpty.max(50), color_hex: colorHex.nullable().optional() });
export const tagUpdateBody = z.strictObject({ name: nonEmpty.max(50).optional(), color_hex: colorHex.nullable().optional() });
