/**
 * Deterministic demo data for the sandbox: `buildDemoData(seed)` gives businesses A (a Tel Aviv
 * coffee roastery, the main demo), B (a small bakery, for cross-business checks) and C (a yoga
 * studio whose subscription is inactive). Same seed, same records.
 */
import type { DemoData } from './types';
import { Rng } from './rng';
import { PROFILES } from './profiles';
import { buildBusiness } from './business';

export type { DemoData, BusinessData, SupplierDetails } from './types';
export { EPOCH_ISO, SHARED_UPDATED_AT } from './time';
export { paymentStatusFor, dueDateFor, movementDirectionFor, documentTotals, PAYABLE_TYPES } from './document-rules';

/** Areas whose size in business A a measurement may set (the rest keep the seed's counts). */
export const SCALE_AREAS = ['customers', 'documents', 'expenses', 'tasks'] as const;
/** Larger demo data for measurements: business A with this many records instead of its few hundred. */
export type DemoScale = Partial<Record<(typeof SCALE_AREAS)[number], number>>;
export const SCALE_MAX = 300_000;

export function buildDemoData(seed: number, scale: DemoScale = {}): DemoData {
  const root = new Rng(seed);
  const set = Object.fromEntries(Object.entries(scale).filter(([, v]) => v !== undefined));
  const profiles = PROFILES.map((p) => (p.key === 'A' && Object.keys(set).length ? { ...p, counts: { ...p.counts, ...set } } : p));
  const [a, b, c] = profiles.map((profile) => buildBusiness(root, profile));
  if (!a || !b || !c) throw new Error('three business profiles are required');
  return { A: a, B: b, C: c };
}
