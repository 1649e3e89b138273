/** Sales agents, bank accounts, tags and leads (with activities and products of interest). */
import {
  LEAD_STATUSES, LEAD_SOURCES, LEAD_ACTIVITY_TYPES,
  type BankAccount, type CustomerDetails, type LeadDetails, type ProductDetails, type SalesAgent, type Tag,
} from '../../../shared';
import type { Rng } from './rng';
import type { BusinessProfile } from './profiles';
import { stamps, laterThan, iso } from './time';
import { person, personalEmail, mobile, address, company } from './people';

export function buildAgents(rng: Rng, profile: BusinessProfile): SalesAgent[] {
  return Array.from({ length: profile.counts.salesAgents }, (_, i) => {
    const p = person(rng, i % 3 !== 2);
    const t = stamps(rng, 100, 900);
    return {
      id: rng.uuid(), object: 'sales_agent', name: p.name,
      email: `${p.latinFirst.toLowerCase()}@${profile.identity.domain}`,
      // The last agent of a team of several has left.
      status: i === profile.counts.salesAgents - 1 && i > 0 ? 'inactive' : 'active',
      created_at: t.created_at, updated_at: t.updated_at,
    };
  });
}

const BANKS = [['לאומי', '800'], ['הפועלים', '532'], ['דיסקונט', '010'], ['מזרחי טפחות', '461']] as const;
const ACCOUNT_TYPES = ['checking', 'savings', 'credit_card'] as const;

export function buildBankAccounts(rng: Rng, profile: BusinessProfile): BankAccount[] {
  return Array.from({ length: profile.counts.bankAccounts }, (_, i) => {
    const [bank, branch] = BANKS[i % BANKS.length] ?? BANKS[0];
    const t = stamps(rng, 300, 1200);
    return {
      id: rng.uuid(), object: 'bank_account', account_type: ACCOUNT_TYPES[i % ACCOUNT_TYPES.length] ?? 'checking',
      bank, branch, beneficiary_name: profile.identity.name, created_at: t.created_at, updated_at: t.updated_at,
    };
  });
}

export function buildTags(rng: Rng, profile: BusinessProfile): Tag[] {
  return profile.tags.map(([name, color]) => {
    const t = stamps(rng, 200, 900);
    return { id: rng.uuid(), object: 'tag', name, color_hex: color, created_at: t.created_at, updated_at: t.updated_at };
  });
}

const STATUS_WEIGHTS = [['new', 20], ['contacted', 18], ['in_progress', 15], ['proposal', 12], ['negotiation', 8], ['won', 15], ['lost', 12]] as const;
const LOSS_REASONS = ['מחיר גבוה מדי', 'בחרו ספק אחר', 'No budget this year', 'לא חזרו אלינו'] as const;
const ACTIVITY_NOTES = {
  call: ['שיחת היכרות, מעוניינים בטעימות', 'Left a voicemail'],
  email: ['נשלח קטלוג מחירים', 'Sent the wholesale price list'],
  meeting: ['פגישה בבית הקפה, טעימת בלנדים', 'Cupping session at the roastery'],
  note: ['מחליפים ספק בעוד חודשיים', 'Decision maker is the owner'],
  whatsapp: ['שלחו תמונות של המכונה', 'Asked about delivery days'],
} as const satisfies Record<(typeof LEAD_ACTIVITY_TYPES)[number], readonly string[]>;

export function buildLeads(rng: Rng, profile: BusinessProfile, agents: SalesAgent[], customers: CustomerDetails[], sellable: ProductDetails[]): LeadDetails[] {
  const convertible = rng.sample(customers.filter((c) => c.status === 'active'), customers.length);
  const takenNames = new Set<string>();
  return Array.from({ length: profile.counts.leads }, (_, i) => {
    const status = i < LEAD_STATUSES.length ? LEAD_STATUSES[i]! : rng.weighted(STATUS_WEIGHTS);
    const hebrew = rng.chance(profile.hebrewShare);
    const contact = person(rng, hebrew);
    const converted = status === 'won' && rng.chance(0.6) ? convertible.pop() ?? null : null;
    const isCompany = rng.chance(0.6);
    const name = converted?.name ?? (isCompany ? company(rng, hebrew, takenNames).name : contact.name);
    const addr = address(rng, hebrew);
    const t = stamps(rng, 1, 400, 90);
    const createdMs = t.createdMs;
    const updatedMs = Date.parse(t.updated_at);
    const id = rng.uuid();
    const activities = Array.from({ length: status === 'new' ? rng.int(0, 1) : rng.int(1, 4) }, () => {
      const type = rng.pick(LEAD_ACTIVITY_TYPES);
      const occurred = iso(createdMs + Math.floor(rng.next() * (updatedMs - createdMs)));
      return { id: rng.uuid(), object: 'lead_activity' as const, lead_id: id, type, note: rng.pick(ACTIVITY_NOTES[type]), occurred_at: occurred, created_at: occurred, updated_at: occurred };
    });
    const owner = agents.length && rng.chance(0.65) ? rng.pick(agents) : null;
    return {
      id, object: 'lead', name,
      contact_name: isCompany || converted ? contact.name : null,
      email: converted?.email ?? (rng.chance(0.9) ? personalEmail(rng, contact) : null),
      phone: converted?.phone ?? (rng.chance(0.9) ? mobile(rng) : null),
      address: rng.chance(0.7) ? `${addr.street} ${addr.street_number}, ${addr.city}` : null,
      source: rng.chance(0.92) ? rng.pick(LEAD_SOURCES) : null,
      status,
      owner: owner ? { id: owner.id, display_name: owner.name } : null,
      converted_customer_id: converted?.id ?? null,
      created_at: t.created_at,
      updated_at: converted ? iso(Math.max(updatedMs, laterThan(rng, createdMs, 30))) : t.updated_at,
      note: rng.chance(0.3) ? rng.pick(hebrew ? ['מעוניינים במנוי משרדי', 'פתיחת סניף חדש'] : ['Opening a second branch', 'Wants an office subscription']) : null,
      loss_reason: status === 'lost' ? rng.pick(LOSS_REASONS) : null,
      activities,
      tasks: [],
      products_of_interest: sellable.length ? rng.sample(sellable, rng.int(0, 2)).map((p) => ({ product_id: p.id, name: p.name, quantity: `${rng.int(1, 20)}.000` })) : [],
    };
  });
}
