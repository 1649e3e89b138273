import { z } from 'zod';
import { uuid, timestamp, idName, readCode, readRef } from '../primitives';
import { LEAD_ACTIVITY_TYPES } from '../assumptions';
import { taskSchema } from './tasks';

export const LEAD_STATUSES = ['new', 'contacted', 'in_progress', 'proposal', 'negotiation', 'won', 'lost'] as const;

export const leadSchema = z.looseObject({
  id: uuid,
  object: z.literal('lead'),
  name: z.string(),
  contact_name: z.string().nullable(),
  email: readCode('email').nullable(),
  phone: readCode('phone').nullable(),
  address: z.string().nullable(),
  source: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  owner: idName.nullable(),
  converted_customer_id: readRef('customers').nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Lead = z.infer<typeof leadSchema>;

export const leadActivitySchema = z.looseObject({
  id: uuid,
  object: z.literal('lead_activity'),
  lead_id: uuid,
  type: z.enum(LEAD_ACTIVITY_TYPES),
  note: z.string().nullable(),
  occurred_at: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
});
export type LeadActivity = z.infer<typeof leadActivitySchema>;

export const leadDetailsSchema = leadSchema.extend({
  note: z.string().nullable(),
  loss_reason: z.string().nullable(),
  activities: z.array(leadActivitySchema),
  tasks: z.array(taskSchema),
  products_of_interest: z.array(z.looseObject({ product_id: uuid, name: z.string(), quantity: z.string() })),
});
export type LeadDetails = z.infer<typeof leadDetailsSchema>;

/** POST /leads creates an intake draft, not a lead. Like every resource object it names its kind (spec 2.1). */
export const leadIntakeDraftSchema = z.looseObject({
  id: uuid,
  object: z.literal('lead_intake_draft'),
  status: z.literal('DRAFT'),
  created_at: timestamp,
});

export const leadConversionSchema = z.looseObject({
  created: z.boolean(),
  already_converted: z.boolean(),
  customer: z.looseObject({ id: uuid, name: z.string() }),
  lead: leadSchema,
});
