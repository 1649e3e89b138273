import type { z } from 'zod';
import type { leadCreateBody } from '../../../shared';
import type { BusinessData, DemoData } from '../seed/types';
import { Table, type TableDump } from './table';

export const BUSINESS_KEYS = ['A', 'B', 'C'] as const;
export type BusinessKey = (typeof BUSINESS_KEYS)[number];

type ArrayKeys<T> = { [K in keyof T]: T[K] extends readonly unknown[] ? K : never }[keyof T];
/** Every collection of BusinessData becomes a Table of its row type. */
export type TableKey = ArrayKeys<BusinessData>;
export type RowOf<K extends TableKey> = BusinessData[K][number];
export type Tables = { [K in TableKey]: Table<RowOf<K>> };

/** A lead intake waiting to be completed in the application (spec section 3). */
export interface LeadDraft {
  id: string;
  status: 'DRAFT';
  created_at: string;
  intake: z.output<typeof leadCreateBody>;
}

export interface BusinessState {
  key: BusinessKey;
  business: BusinessData['business'];
  expensesEnabled: boolean;
  subscriptionActive: boolean;
  tables: Tables;
  leadDrafts: Map<string, LeadDraft>;
  /** Last number issued per document type. */
  documentNumbers: Record<string, number>;
  /** client_request_id -> the document it created and a fingerprint of the body that created it. */
  clientRequestIds: Map<string, ClientRequestRecord>;
}

export interface ClientRequestRecord { document_id: string; fingerprint: string }

export interface StoredResponse { fingerprint: string; status: number; data: unknown }

export interface SandboxState {
  seed: number;
  businesses: Record<BusinessKey, BusinessState>;
  /** business|key public id|operation|Idempotency-Key -> the stored first answer. */
  idempotency: Map<string, StoredResponse>;
}

const tableKeysOf = (d: BusinessData): TableKey[] =>
  (Object.keys(d) as (keyof BusinessData)[]).filter((k): k is TableKey => Array.isArray(d[k]));

function buildTables(d: BusinessData): Tables {
  const hiddenFor: Partial<Record<TableKey, string[]>> = d.deleted;
  const out: Partial<Record<TableKey, Table<RowOf<TableKey>>>> = {};
  for (const k of tableKeysOf(d)) out[k] = new Table<RowOf<TableKey>>(d[k], hiddenFor[k] ?? []);
  return out as Tables;
}

function documentNumbersOf(d: BusinessData): Record<string, number> {
  const out: Record<string, number> = {};
  for (const doc of d.documents) out[doc.document_type] = Math.max(out[doc.document_type] ?? 0, doc.document_number);
  return out;
}

export function stateFromDemo(seed: number, data: DemoData): SandboxState {
  const businesses = {} as Record<BusinessKey, BusinessState>;
  for (const key of BUSINESS_KEYS) {
    const d = data[key];
    businesses[key] = {
      key, business: d.business, expensesEnabled: d.expensesEnabled, subscriptionActive: d.subscriptionActive,
      tables: buildTables(d), leadDrafts: new Map(), documentNumbers: documentNumbersOf(d), clientRequestIds: new Map(),
    };
  }
  return { seed, businesses, idempotency: new Map() };
}

/** JSON form of the whole state, for --data. */
export interface StateDump {
  format: 'bizops-sandbox-state';
  version: 1;
  seed: number;
  businesses: Record<BusinessKey, {
    business: BusinessData['business'];
    expensesEnabled: boolean;
    subscriptionActive: boolean;
    tables: Record<string, TableDump<RowOf<TableKey>>>;
    leadDrafts: LeadDraft[];
    documentNumbers: Record<string, number>;
    /** Older dumps hold the document id alone. */
    clientRequestIds: [string, ClientRequestRecord | string][];
  }>;
  idempotency: [string, StoredResponse][];
}

export function dumpState(s: SandboxState): StateDump {
  const businesses = {} as StateDump['businesses'];
  for (const key of BUSINESS_KEYS) {
    const b = s.businesses[key];
    const tables: Record<string, TableDump<RowOf<TableKey>>> = {};
    for (const [k, t] of Object.entries(b.tables) as [TableKey, Table<RowOf<TableKey>>][]) tables[k] = t.dump();
    businesses[key] = {
      business: b.business, expensesEnabled: b.expensesEnabled, subscriptionActive: b.subscriptionActive, tables,
      leadDrafts: [...b.leadDrafts.values()], documentNumbers: b.documentNumbers, clientRequestIds: [...b.clientRequestIds],
    };
  }
  return { format: 'bizops-sandbox-state', version: 1, seed: s.seed, businesses, idempotency: [...s.idempotency] };
}

/** Rebuilds a state from its dump; `template` supplies the table names (and any the dump lacks). */
export function loadState(d: StateDump, template: SandboxState): SandboxState {
  const businesses = {} as Record<BusinessKey, BusinessState>;
  for (const key of BUSINESS_KEYS) {
    const b = d.businesses[key];
    const tables: Partial<Record<TableKey, Table<RowOf<TableKey>>>> = {};
    for (const k of Object.keys(template.businesses[key].tables) as TableKey[]) {
      const dumped = b.tables[k];
      tables[k] = dumped ? Table.load(dumped) : (template.businesses[key].tables[k] as Table<RowOf<TableKey>>);
    }
    businesses[key] = {
      key, business: b.business, expensesEnabled: b.expensesEnabled, subscriptionActive: b.subscriptionActive,
      tables: tables as Tables, leadDrafts: new Map(b.leadDrafts.map((l) => [l.id, l])),
      documentNumbers: b.documentNumbers,
      // An unknown fingerprint ('') replays whatever body comes, as before fingerprints were kept.
      clientRequestIds: new Map(b.clientRequestIds.map(([k, v]) => [k, typeof v === 'string' ? { document_id: v, fingerprint: '' } : v])),
    };
  }
  return { seed: d.seed, businesses, idempotency: new Map(d.idempotency) };
}

export function isStateDump(v: unknown): v is StateDump {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return o.format === 'bizops-sandbox-state' && o.version === 1 && typeof o.seed === 'number' && typeof o.businesses === 'object';
}
