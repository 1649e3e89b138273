import { localColumn } from './columns';

/**
 * What is still owed on a record: its amount less what another area records as paid against it, in
 * the same currency. The API has no balance per document; its payments carry `document_id` and
 * `amount_minor` (spec 2.7), so a document's balance is its total less the payments naming it.
 */
export interface LocalOwed {
  /** The record's amount: a money column of the area. */
  amount: string;
  /** The area that records payments, its column naming the record, and its amount (money). */
  paid: { area: string; by: string; amount: string };
}

export const LOCAL_OWED: Readonly<Record<string, LocalOwed>> = {
  documents: { amount: 'total_minor', paid: { area: 'payments', by: 'document_id', amount: 'amount_minor' } },
};

/** Why an answer asked for what is owed holds the amounts alone: the key cannot read the payments, or their copy is not complete yet. */
export const OWED_TOTAL_REASONS = ['unreadable', 'filling'] as const;

/** Why `owed` cannot be asked of an area's sums, or null when it can. */
export function owedProblem(area: string, sums: readonly string[]): string | null {
  const o = LOCAL_OWED[area];
  if (!o) return `${area} has no balance: nothing records payments against it`;
  return sums.includes(o.amount) ? null : `what is owed is a balance of ${o.amount}: sum it`;
}

/** The areas that figures asking what is owed subtract, once each (a document's payments). */
export function paidAreasOf(figures: readonly { area: string; owed?: boolean | undefined }[]): string[] {
  return [...new Set(figures.flatMap((f) => {
    const o = f.owed ? LOCAL_OWED[f.area] : undefined;
    return o ? [o.paid.area] : [];
  }))];
}

/** Each declaration names columns of the right kinds (checked once, as the contract loads). */
for (const [area, o] of Object.entries(LOCAL_OWED)) {
  const amount = localColumn(area, o.amount);
  const by = localColumn(o.paid.area, o.paid.by);
  const paid = localColumn(o.paid.area, o.paid.amount);
  if (amount?.kind !== 'money' || paid?.kind !== 'money' || by?.kind !== 'ref' || !by.to?.includes(area as never)) {
    throw new Error(`LOCAL_OWED.${area} does not name a money column, a reference to ${area} and a paid amount`);
  }
}
