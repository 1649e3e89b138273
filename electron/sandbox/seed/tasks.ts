/** Tasks linked to leads, customers and documents, in every status (and a couple of legacy `unknown`). */
import {
  TASK_STATUSES, LEAD_ACTION_TYPES,
  type CustomerDetails, type DocumentDetails, type LeadDetails, type SalesAgent, type Tag, type TaskDetails,
} from '../../../shared';
import type { Rng } from './rng';
import { stamps, iso, dateOf, DAY_MS, EPOCH_MS } from './time';
import { person } from './people';

export interface TaskContext {
  rng: Rng;
  count: number;
  leads: LeadDetails[];
  customers: CustomerDetails[];
  documents: DocumentDetails[];
  tags: Tag[];
  /** Tasks are assigned to sales agents, as writes assign them (assigned_agent_id). */
  agents: SalesAgent[];
}

const TITLES = {
  lead: ['לחזור ללקוח פוטנציאלי', 'Send tasting samples', 'לתאם פגישת טעימות', 'Follow up on the proposal'],
  customer: ['לבדוק מלאי אצל הלקוח', 'Quarterly check-in call', 'לעדכן מחירון', 'Service the espresso machine'],
  document: ['לגבות תשלום', 'Send the invoice copy again', 'לוודא קבלת משלוח', 'Confirm the delivery date'],
} as const;
const STATUS_WEIGHTS = [['open', 45], ['completed', 40], ['canceled', 15]] as const;

export function buildTasks(ctx: TaskContext): TaskDetails[] {
  const { rng } = ctx;
  const users = Array.from({ length: 3 }, () => ({ id: rng.uuid(), display_name: person(rng, true).name }));
  const creators = users.map((u) => u.display_name);
  // Same random draws as before (one pick among three), mapped onto the business's agents.
  const assignees = ctx.agents.length ? users.map((_, i) => { const a = ctx.agents[i % ctx.agents.length]!; return { id: a.id, display_name: a.name }; }) : [];
  const customerDocs = ctx.documents.filter((d) => ctx.customers.some((c) => c.id === d.customer.id));
  return Array.from({ length: ctx.count }, (_, i) => {
    // The first rows take each status once, then two legacy rows, so every status is present.
    const status = i < TASK_STATUSES.length ? TASK_STATUSES[i]! : i < TASK_STATUSES.length + 2 && ctx.count > 5 ? 'unknown' : rng.weighted(STATUS_WEIGHTS);
    const kind = rng.weighted([['lead', 40], ['customer', 35], ['document', 25]] as const);
    const lead = kind === 'lead' && ctx.leads.length ? rng.pick(ctx.leads) : null;
    const doc = kind === 'document' && customerDocs.length ? rng.pick(customerDocs) : null;
    const customerId = doc ? doc.customer.id : kind === 'customer' || !lead ? rng.pick(ctx.customers).id : lead.converted_customer_id;
    const t = stamps(rng, 1, 300, 60);
    const dueMs = t.createdMs + rng.int(1, 30) * DAY_MS;
    const timed = rng.chance(0.3);
    const starred = rng.chance(0.2);
    const title = rng.pick(TITLES[lead ? 'lead' : doc ? 'document' : 'customer']);
    return {
      id: rng.uuid(), object: 'task', title,
      description: rng.chance(0.4) ? (title.match(/[a-z]/i) ? 'Details in the customer card' : 'פרטים בכרטיס הלקוח') : null,
      status,
      priority: starred ? 'high' : 'normal',
      due_date: rng.chance(0.85) ? dateOf(dueMs) : null,
      due_at: null,
      customer_id: customerId ?? null,
      document_id: doc?.id ?? null,
      lead_id: lead?.id ?? null,
      assigned_user: rng.chance(0.8) && assignees.length ? rng.pick(assignees) : null,
      created_at: t.created_at,
      updated_at: status === 'open' ? t.updated_at : iso(Math.min(EPOCH_MS, Math.max(Date.parse(t.updated_at), t.createdMs + DAY_MS))),
      notes: rng.chance(0.2) ? 'נא לעדכן בסיום' : null,
      starred,
      tag: ctx.tags.length && rng.chance(0.2) ? rng.pick(ctx.tags).name : null,
      lead_action_type: lead ? rng.pick(LEAD_ACTION_TYPES) : null,
      display_creator: rng.pick(creators),
      linked_document_ids: doc ? [doc.id] : [],
      ...(timed ? { due_at: iso(dueMs), due_date: dateOf(dueMs) } : {}),
    };
  });
}
