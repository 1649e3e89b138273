import type { z } from 'zod';
import { leadSchema, taskReadStatusFromWrite, toQty3, type taskUpdateBody } from '../../../shared';
import { SandboxError, invalidBody, notFound } from '../errors';
import type { BusinessState, LeadDraft, RowOf } from '../store/state';
import { agentRef, copySent, lower, mustFind, referenced, softDelete } from './common';
import { newId, type HandlerMap } from './context';
import { createParty } from './parties';
import { pickShape } from './project';

type Lead = RowOf<'leads'>;
type Task = RowOf<'tasks'>;
const asLead = pickShape(leadSchema);

function interestsOf(b: BusinessState, items: readonly { product_id: string; quantity?: string | undefined }[]) {
  return items.map((it) => {
    const p = referenced(b.tables.products, it.product_id);
    return { product_id: p.id, name: p.name, quantity: toQty3(it.quantity ?? '1') };
  });
}

function activityOf(leadId: string, a: { type: string; note?: string | null | undefined; occurred_at?: string | undefined }, nowIso: string) {
  return {
    id: newId(), object: 'lead_activity' as const, lead_id: leadId, type: lower(a.type) as Lead['activities'][number]['type'],
    note: a.note ?? null, occurred_at: a.occurred_at ?? nowIso, created_at: nowIso, updated_at: nowIso,
  };
}

/** What the application does when the intake form is saved: a lead with a new id, intended status kept. */
export function completeLeadDraft(b: BusinessState, draftId: string, nowIso: string): Lead {
  const draft = b.leadDrafts.get(draftId);
  if (!draft) throw notFound('lead draft');
  const i = draft.intake;
  const id = newId();
  const lead: Lead = {
    id, object: 'lead', name: i.name?.trim() || i.contact_name?.trim() || '', contact_name: i.contact_name?.trim() || null,
    email: i.email ?? null, phone: i.phone ?? null, address: i.address ?? null, source: i.source ? lower(i.source) : null,
    status: i.status ? lower(i.status) : 'new', owner: agentRef(b, i.agent_id), converted_customer_id: null,
    created_at: nowIso, updated_at: nowIso, note: i.note ?? null, loss_reason: null,
    activities: i.activity ? [activityOf(id, i.activity, nowIso)] : [], tasks: [],
    products_of_interest: interestsOf(b, i.products_of_interest ?? []),
  };
  b.leadDrafts.delete(draftId);
  return b.tables.leads.put(lead);
}

function applyTask(b: BusinessState, t: Task, body: z.output<typeof taskUpdateBody>): Task {
  const n = { ...t };
  copySent(n, body, ['title', 'description', 'notes', 'due_date', 'due_at', 'display_creator', 'tag']);
  if (body.lead_action_type !== undefined) n.lead_action_type = body.lead_action_type === null ? null : lower(body.lead_action_type);
  if (body.status !== undefined) n.status = taskReadStatusFromWrite(body.status);
  if (body.starred !== undefined) { n.starred = body.starred; n.priority = body.starred ? 'high' : 'normal'; }
  if (body.customer_id !== undefined) n.customer_id = body.customer_id === null ? null : referenced(b.tables.customers, body.customer_id).id;
  if (body.lead_id !== undefined) n.lead_id = body.lead_id === null ? null : referenced(b.tables.leads, body.lead_id).id;
  if (body.document_ids !== undefined) {
    n.linked_document_ids = body.document_ids.map((d) => referenced(b.tables.documents, d).id);
    n.document_id = n.linked_document_ids[0] ?? null;
  }
  if (body.assigned_agent_id !== undefined) n.assigned_user = agentRef(b, body.assigned_agent_id);
  return n;
}

/** A lead's follow-up is its tasks; a change to a linked task touches the lead. */
function touchLead(b: BusinessState, leadId: string | null, nowIso: string): void {
  const lead = leadId ? b.tables.leads.get(leadId) : undefined;
  if (lead) b.tables.leads.put({ ...lead, updated_at: nowIso });
}

export function createTask(b: BusinessState, body: z.output<typeof taskUpdateBody> & { title: string }, nowIso: string): Task {
  const blank: Task = {
    id: newId(), object: 'task', title: body.title, description: null, status: 'open', priority: 'normal', due_date: null, due_at: null,
    customer_id: null, document_id: null, lead_id: null, assigned_user: null, created_at: nowIso, updated_at: nowIso,
    notes: null, starred: false, tag: null, lead_action_type: null, display_creator: null, linked_document_ids: [],
  };
  const t = b.tables.tasks.put(applyTask(b, blank, body));
  touchLead(b, t.lead_id, nowIso);
  return t;
}

export const SALES_HANDLERS: HandlerMap = {
  'leads.create': (ctx) => {
    const body = ctx.body;
    const draft: LeadDraft = { id: newId(), status: 'DRAFT', created_at: ctx.nowIso, intake: body };
    ctx.biz.leadDrafts.set(draft.id, draft);
    return { status: 201, data: { id: draft.id, object: 'lead_intake_draft', status: draft.status, created_at: draft.created_at } };
  },
  'leads.update': (ctx) => {
    const t = ctx.biz.tables.leads;
    const n = { ...mustFind(t, ctx.params.id), updated_at: ctx.nowIso };
    const body = ctx.body;
    copySent(n, body, ['name', 'phone', 'email', 'address', 'note']);
    if (body.contact_name !== undefined) n.contact_name = body.contact_name || null;
    if (body.source !== undefined) n.source = body.source === null ? null : lower(body.source);
    if (body.agent_id !== undefined) n.owner = agentRef(ctx.biz, body.agent_id);
    if (body.products_of_interest !== undefined) n.products_of_interest = interestsOf(ctx.biz, body.products_of_interest);
    // The intake rule holds after every change: a business or a contact name (which then names the lead).
    if (!n.name.trim()) n.name = n.contact_name?.trim() ?? '';
    if (!n.name) throw invalidBody('name: a business name or a contact name is required');
    return { data: t.put(n) };
  },
  'leads.delete': (ctx) => {
    const lead = mustFind(ctx.biz.tables.leads, ctx.params.id);
    if (lead.converted_customer_id) throw new SandboxError('lead_already_converted');
    // Activities and interests go with the lead; tasks stay, detached.
    ctx.biz.tables.leads.remove(lead.id);
    // Soft-deleted tasks too: their kept history must not point at a lead that is gone.
    for (const task of ctx.biz.tables.tasks.everyRow()) {
      if (task.lead_id === lead.id) ctx.biz.tables.tasks.put({ ...task, lead_id: null, updated_at: ctx.nowIso });
    }
    return { data: { deleted: true } };
  },
  'leads.setStatus': (ctx) => {
    const cur = mustFind(ctx.biz.tables.leads, ctx.params.id);
    const status = lower(ctx.body.status);
    const loss = status === 'lost' ? ctx.body.loss_reason ?? null : null;
    return { data: ctx.biz.tables.leads.put({ ...cur, status, loss_reason: loss, updated_at: ctx.nowIso }) };
  },
  'leads.addActivity': (ctx) => {
    const cur = mustFind(ctx.biz.tables.leads, ctx.params.id);
    const a = activityOf(cur.id, ctx.body, ctx.nowIso);
    ctx.biz.tables.leads.put({ ...cur, activities: [...cur.activities, a], updated_at: ctx.nowIso });
    return { status: 201, data: a };
  },
  'leads.updateActivity': (ctx) => {
    const cur = mustFind(ctx.biz.tables.leads, ctx.params.id);
    const old = cur.activities.find((a) => a.id === ctx.params.activityId);
    if (!old) throw notFound('activity');
    const next = { ...old, updated_at: ctx.nowIso };
    if (ctx.body.type !== undefined) next.type = lower(ctx.body.type);
    if (ctx.body.note !== undefined) next.note = ctx.body.note;
    if (ctx.body.occurred_at !== undefined) next.occurred_at = ctx.body.occurred_at;
    ctx.biz.tables.leads.put({ ...cur, activities: cur.activities.map((a) => (a.id === old.id ? next : a)), updated_at: ctx.nowIso });
    return { data: next };
  },
  'leads.convert': (ctx) => {
    const b = ctx.biz;
    const lead = mustFind(b.tables.leads, ctx.params.id);
    const existing = lead.converted_customer_id ? b.tables.customers.getAny(lead.converted_customer_id) : undefined;
    if (existing) {
      return { data: { created: false, already_converted: true, customer: { id: existing.id, name: existing.name }, lead: asLead(lead) } };
    }
    const byEmail = ctx.body.mode === 'LINK_EXISTING_BY_EMAIL' && lead.email
      ? b.tables.customers.values().find((c) => c.email?.toLowerCase() === lead.email!.toLowerCase())
      : undefined;
    const customer = byEmail ?? createParty(b, 'customer', {
      name: lead.name || lead.contact_name || 'Lead', contact_person: lead.contact_name, email: lead.email,
      ...(lead.phone && lead.phone.length >= 3 ? { phones: [{ value: lead.phone, primary: true }] } : {}),
    }, ctx.nowIso);
    const updated = b.tables.leads.put({ ...lead, converted_customer_id: customer.id, status: 'won', updated_at: ctx.nowIso });
    return { status: 201, data: { created: !byEmail, already_converted: false, customer: { id: customer.id, name: customer.name }, lead: asLead(updated) } };
  },
  'tasks.create': (ctx) => ({ status: 201, data: createTask(ctx.biz, ctx.body, ctx.nowIso) }),
  'tasks.update': (ctx) => {
    const cur = mustFind(ctx.biz.tables.tasks, ctx.params.id);
    const next = ctx.biz.tables.tasks.put({ ...applyTask(ctx.biz, cur, ctx.body), updated_at: ctx.nowIso });
    touchLead(ctx.biz, cur.lead_id, ctx.nowIso);
    if (next.lead_id !== cur.lead_id) touchLead(ctx.biz, next.lead_id, ctx.nowIso);
    return { data: next };
  },
  'tasks.delete': (ctx) => {
    const cur = mustFind(ctx.biz.tables.tasks, ctx.params.id);
    const data = softDelete(ctx.biz.tables.tasks, { ...cur, updated_at: ctx.nowIso });
    touchLead(ctx.biz, cur.lead_id, ctx.nowIso);
    return { data };
  },
};
