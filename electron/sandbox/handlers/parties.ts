import type { z } from 'zod';
import { DEFAULT_CURRENCY, type partyUpdateBody } from '../../../shared';
import type { BusinessState, RowOf } from '../store/state';
import type { Table } from '../store/table';
import { agentRef, copySent, lower, mustFind, referenced, restoreRow, softDelete } from './common';
import { newId, type Ctx, type HandlerMap, type Reply } from './context';

type PartyBody = z.output<typeof partyUpdateBody>;
type Party = RowOf<'customers'> | RowOf<'suppliers'>;
type Kind = 'customer' | 'supplier';
const tableOf = (b: BusinessState, kind: Kind) => (kind === 'customer' ? b.tables.customers : b.tables.suppliers) as Table<Party>;

function tagsOf(b: BusinessState, ids: readonly string[]) {
  return ids.map((id) => referenced(b.tables.tags, id));
}

/** Applies the sent fields of a create or update body to a party record. */
function applyParty(b: BusinessState, base: Party, body: PartyBody): Party {
  const p = { ...base };
  copySent(p, body, ['name', 'business_number', 'contact_person', 'email', 'additional_emails', 'currency', 'notes']);
  p.additional_emails = p.additional_emails.filter((e) => e !== p.email);
  if (body.phones !== undefined) {
    // The primary phone comes first; `phone` repeats the first ordered phone.
    p.phones = [...body.phones].sort((a, c) => Number(c.primary) - Number(a.primary));
    p.phone = p.phones[0]?.value ?? null;
  }
  if (body.address !== undefined) {
    p.address = body.address === null ? null : {
      street: body.address.street ?? null, street_number: body.address.street_number ?? null, city: body.address.city ?? null,
      postal_code: body.address.postal_code ?? null, country_code: body.address.country_code ?? null,
    };
  }
  if (body.tag_ids !== undefined) {
    const tags = tagsOf(b, body.tag_ids);
    p.tags = tags.map((t) => t.name);
    p.tag_details = tags.map((t) => ({ id: t.id, name: t.name, color_hex: t.color_hex }));
  }
  if (body.special_prices !== undefined) {
    p.special_prices = body.special_prices.map((s) => {
      const prod = referenced(b.tables.products, s.product_id);
      return { product_id: prod.id, product_name: prod.name, price: s.price, currency: p.currency };
    });
  }
  if (body.status !== undefined) p.status = lower(body.status);
  if (body.payment_terms !== undefined) p.payment_terms = { type: lower(body.payment_terms.type), net_days: body.payment_terms.net_days ?? null };
  if (body.document_language !== undefined) p.document_language = lower(body.document_language);
  if (body.agent_id !== undefined) p.agent = agentRef(b, body.agent_id);
  if (body.opening_balance !== undefined) Object.assign(p, { opening_balance: body.opening_balance });
  return p;
}

function blankParty(kind: Kind, id: string, nowIso: string): Party {
  return {
    id, object: kind, type: kind, name: '', business_number: null, contact_person: null, email: null,
    additional_emails: [], phone: null, phones: [], address: null, status: 'active', currency: DEFAULT_CURRENCY, tags: [],
    created_at: nowIso, updated_at: nowIso,
    contacts: [], addresses: [], payment_terms: { type: 'none', net_days: null }, document_language: 'he',
    vat: { exempt: false, vat_number: null }, notes: null, agent: null, tag_details: [], special_prices: [],
    purchasing: { total_documents: 0, total_amount: '0.00', last_document_date: null },
  } as Party;
}

/** Creates a party from a body; also used when a lead is converted. */
export function createParty(b: BusinessState, kind: Kind, body: PartyBody, nowIso: string): Party {
  const p = applyParty(b, blankParty(kind, newId(), nowIso), body);
  p.vat = { exempt: false, vat_number: p.business_number };
  return tableOf(b, kind).put(p);
}

function partyHandlers(kind: Kind, prefix: 'customers' | 'suppliers'): HandlerMap {
  const create = (ctx: Ctx): Reply => ({ status: 201, data: createParty(ctx.biz, kind, ctx.body as PartyBody, ctx.nowIso) });
  const update = (ctx: Ctx): Reply => {
    const t = tableOf(ctx.biz, kind);
    const cur = mustFind(t, (ctx.params as { id: string }).id);
    return { data: t.put({ ...applyParty(ctx.biz, cur, ctx.body as PartyBody), updated_at: ctx.nowIso }) };
  };
  const remove = (ctx: Ctx): Reply => {
    const t = tableOf(ctx.biz, kind);
    const cur = mustFind(t, (ctx.params as { id: string }).id);
    return { data: softDelete(t, { ...cur, updated_at: ctx.nowIso }) };
  };
  const restore = (ctx: Ctx): Reply => ({ data: restoreRow(tableOf(ctx.biz, kind), (ctx.params as { id: string }).id, ctx.nowIso) });
  return { [`${prefix}.create`]: create, [`${prefix}.update`]: update, [`${prefix}.delete`]: remove, [`${prefix}.restore`]: restore } as HandlerMap;
}

export const PARTY_HANDLERS: HandlerMap = {
  ...partyHandlers('customer', 'customers'),
  ...partyHandlers('supplier', 'suppliers'),
  'tags.create': (ctx) => ({
    status: 201,
    data: ctx.biz.tables.tags.put({ id: newId(), object: 'tag', name: ctx.body.name, color_hex: ctx.body.color_hex ?? null, created_at: ctx.nowIso, updated_at: ctx.nowIso }),
  }),
  'tags.update': (ctx) => {
    const t = ctx.biz.tables.tags;
    const cur = mustFind(t, ctx.params.id);
    const next = { ...cur, updated_at: ctx.nowIso };
    if (ctx.body.name !== undefined) next.name = ctx.body.name;
    if (ctx.body.color_hex !== undefined) next.color_hex = ctx.body.color_hex;
    return { data: t.put(next) };
  },
  'tags.delete': (ctx) => {
    const t = ctx.biz.tables.tags;
    const cur = mustFind(t, ctx.params.id);
    // Customers and suppliers keep their tag names (spec: they stay).
    return { data: softDelete(t, { ...cur, updated_at: ctx.nowIso }) };
  },
};
