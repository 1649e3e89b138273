/** Customers and suppliers as full /details records. */
import { minorToDecimal, DEFAULT_CURRENCY, type CustomerDetails, type ProductDetails, type SalesAgent, type Tag } from '../../../shared';
import type { SupplierDetails } from './types';
import type { Rng } from './rng';
import type { BusinessProfile } from './profiles';
import { stamps } from './time';
import { person, company, personalEmail, companyEmail, mobile, landline, address, israeliNumber } from './people';
import { COMPANY_WORDS, NOTES_HE, NOTES_EN } from './vocab';

interface PartyContext {
  rng: Rng;
  profile: BusinessProfile;
  tags: Tag[];
  agents: SalesAgent[];
  sellable: ProductDetails[];
  rawMaterials: ProductDetails[];
  takenNames: Set<string>;
}

type Party = CustomerDetails | SupplierDetails;

function party<K extends 'customer' | 'supplier'>(ctx: PartyContext, kind: K, isCompany: boolean, hebrew: boolean, name: string, slug: string | null) {
  const { rng } = ctx;
  const contact = person(rng, hebrew);
  const addr = rng.chance(0.95) ? address(rng, hebrew) : null;
  const city = addr?.cityInfo ?? address(rng, hebrew).cityInfo;
  const phoneValues = [isCompany && rng.chance(0.6) ? landline(rng, city) : mobile(rng), ...(rng.chance(0.35) ? [mobile(rng)] : [])];
  const email = rng.chance(0.05) ? null : slug ? companyEmail(rng, slug) : personalEmail(rng, contact);
  const additional = email && isCompany && rng.chance(0.3) ? [personalEmail(rng, person(rng, hebrew))] : [];
  const tags = rng.chance(0.6) ? rng.sample(ctx.tags, rng.int(1, 3)) : [];
  const businessNumber = isCompany ? israeliNumber(rng, '51') : rng.chance(0.3) ? israeliNumber(rng, '0') : null;
  const netDays = rng.pick([30, 45, 60]);
  const terms = isCompany ? (rng.chance(0.8) ? { type: 'net' as const, net_days: netDays } : { type: 'none' as const, net_days: null }) : { type: 'cash' as const, net_days: null };
  const activeAgents = ctx.agents.filter((a) => a.status === 'active');
  const agent = kind === 'customer' && isCompany && activeAgents.length && rng.chance(0.5) ? rng.pick(activeAgents) : null;
  const priced = kind === 'customer' ? ctx.sellable : ctx.rawMaterials;
  const special = isCompany && priced.length && rng.chance(kind === 'customer' ? 0.1 : 0.4) ? rng.sample(priced, rng.int(1, 3)) : [];
  const t = stamps(rng, 10, 1000, 400);
  const stripped = addr ? { street: addr.street, street_number: addr.street_number, city: addr.city, postal_code: addr.postal_code, country_code: addr.country_code } : null;
  return {
    id: rng.uuid(), object: kind, type: kind, name,
    business_number: businessNumber,
    contact_person: isCompany ? contact.name : null,
    email, additional_emails: additional,
    phone: phoneValues[0] ?? null,
    phones: phoneValues.map((value, i) => ({ value, primary: i === 0 })),
    address: stripped,
    status: rng.chance(0.08) ? 'inactive' : 'active',
    currency: DEFAULT_CURRENCY,
    tags: tags.map((tag) => tag.name),
    created_at: t.created_at, updated_at: t.updated_at,
    contacts: isCompany ? [{ name: contact.name, role: rng.pick(hebrew ? ['בעלים', 'מנהל רכש', 'הנהלת חשבונות'] : ['Owner', 'Purchasing', 'Accounts']), email, phone: phoneValues[0] ?? null }] : [],
    addresses: stripped ? [{ ...stripped, label: hebrew ? 'ראשי' : 'Main' }] : [],
    payment_terms: terms,
    document_language: hebrew ? 'he' : 'en',
    vat: { exempt: false, vat_number: isCompany ? businessNumber : null },
    notes: rng.chance(0.2) ? rng.pick(hebrew ? NOTES_HE : NOTES_EN) : null,
    agent: agent ? { id: agent.id, display_name: agent.name } : null,
    tag_details: tags.map((tag) => ({ id: tag.id, name: tag.name, color_hex: tag.color_hex })),
    special_prices: special.map((p) => ({ product_id: p.id, product_name: p.name, price: minorToDecimal(Math.round(p.price_minor * 0.9)), currency: DEFAULT_CURRENCY })),
    purchasing: { total_documents: 0, total_amount: '0.00', last_document_date: null },
  } as const satisfies Party;
}

export function buildCustomers(ctx: PartyContext): CustomerDetails[] {
  const { rng, profile } = ctx;
  return Array.from({ length: profile.counts.customers }, () => {
    const hebrew = rng.chance(profile.hebrewShare);
    const isCompany = rng.chance(0.45);
    const c = isCompany ? company(rng, hebrew, ctx.takenNames) : null;
    const p = c ? null : person(rng, hebrew);
    const customer: CustomerDetails = party(ctx, 'customer', isCompany, hebrew, c?.name ?? p?.name ?? '', c?.slug ?? null);
    if (p && customer.email) customer.email = personalEmail(rng, p);
    return customer;
  });
}

export function buildSuppliers(ctx: PartyContext): SupplierDetails[] {
  const { rng, profile } = ctx;
  return Array.from({ length: profile.counts.suppliers }, (_, i) => {
    const hebrew = rng.chance(0.75);
    const [wh, we] = rng.pick(COMPANY_WORDS);
    const trade = profile.supplierTrades[i % profile.supplierTrades.length] ?? 'ספק';
    let name = hebrew ? `${trade} ${wh} בע״מ` : `${we} ${rng.pick(['Trading', 'Supplies', 'Imports', 'Logistics'])} Ltd`;
    for (let n = 2; ctx.takenNames.has(name); n++) name = hebrew ? `${trade} ${wh} ${n} בע״מ` : `${we} Supplies ${n} Ltd`;
    ctx.takenNames.add(name);
    return party(ctx, 'supplier', true, hebrew, name, we.toLowerCase().replace(/[^a-z]+/g, '-'));
  });
}
