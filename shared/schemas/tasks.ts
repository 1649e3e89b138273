import { z } from 'zod';
import { uuid, timestamp, isoDate, idName, readRef } from '../primitives';
import { TASK_PRIORITIES, LEAD_ACTION_TYPES } from '../assumptions';

export const TASK_STATUSES = ['open', 'completed', 'canceled'] as const;
/** Write statuses are Hebrew (spec 2.13); reads keep the English ones. */
export const TASK_WRITE_STATUS = { open: 'פתוח', completed: 'בוצע', canceled: 'מבוטל' } as const satisfies Record<(typeof TASK_STATUSES)[number], string>;
export const TASK_WRITE_STATUSES = Object.values(TASK_WRITE_STATUS) as ['פתוח', 'בוצע', 'מבוטל'];
export const taskReadStatusFromWrite = (s: (typeof TASK_WRITE_STATUSES)[number]) =>
  (Object.keys(TASK_WRITE_STATUS) as (keyof typeof TASK_WRITE_STATUS)[]).find((k) => TASK_WRITE_STATUS[k] === s)!;

export const taskSchema = z.looseObject({
  id: uuid,
  object: z.literal('task'),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum([...TASK_STATUSES, 'unknown']),
  priority: z.enum(TASK_PRIORITIES),
  due_date: isoDate.nullable(),
  due_at: timestamp.nullable(),
  customer_id: readRef('customers').nullable(),
  document_id: readRef('documents').nullable(),
  lead_id: readRef('leads').nullable(),
  assigned_user: idName.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Task = z.infer<typeof taskSchema>;

export const taskDetailsSchema = taskSchema.extend({
  notes: z.string().nullable(),
  starred: z.boolean(),
  tag: z.string().nullable(),
  lead_action_type: z.enum(LEAD_ACTION_TYPES).nullable(),
  display_creator: z.string().nullable(),
  linked_document_ids: z.array(uuid),
});
export type TaskDetails = z.infer<typeof taskDetailsSchema>;
