import { SandboxError, notFound } from '../errors';
import type { Table } from '../store/table';
import type { BusinessState } from '../store/state';

/** Write enums are upper case (spec 2.13); reads keep the lower-case values. */
export const lower = <T extends string>(v: T): Lowercase<T> => v.toLowerCase() as Lowercase<T>;

/** A row a body references; dispatch has checked every reference already (handlers/references.ts). */
export function referenced<T extends { id: string }>(table: Table<T & { created_at: string }>, id: string): T {
  const row = table.get(id);
  if (!row) throw new Error(`unchecked reference ${id}`);
  return row;
}

export function mustFind<T extends { id: string; created_at: string }>(table: Table<T>, id: string, what?: string): T {
  const row = table.get(id);
  if (!row) throw notFound(what);
  return row;
}

export const invalidState = (message: string) => new SandboxError('invalid_state', message);

/** expected_revision must equal the stored revision (spec 4.2 rule 4). */
export function checkRevision(current: number, expected: number, what = 'record'): void {
  if (current !== expected) {
    throw new SandboxError('revision_conflict', `The ${what} is at revision ${current}, not ${expected}. Re-read and retry.`);
  }
}

export function agentRef(b: BusinessState, agentId: string | null | undefined): { id: string; display_name: string } | null {
  if (agentId === null || agentId === undefined) return null;
  const a = referenced(b.tables.salesAgents, agentId);
  return { id: a.id, display_name: a.name };
}

/** Soft delete (spec section 3): `row` (its last state) is kept with its history, hidden from lists and gets. */
export function softDelete<T extends { id: string; created_at: string }>(table: Table<T>, row: T): { deleted: true } {
  table.put(row);
  table.hide(row.id);
  return { deleted: true };
}

/** Soft-delete restore: 404 when missing, 409 when not deleted. */
export function restoreRow<T extends { id: string; created_at: string; updated_at: string }>(table: Table<T>, id: string, nowIso: string, ok: (row: T) => boolean = () => true): T {
  const row = table.getAny(id);
  if (!row || !ok(row)) throw notFound();
  if (!table.isHidden(id)) throw invalidState('The record is not deleted.');
  table.unhide(id);
  return table.put({ ...row, updated_at: nowIso });
}

/** Copies the fields the body sent onto the record as they are (PATCH: omitted = unchanged). */
export function copySent<T, K extends keyof T>(target: T, body: { [P in K]?: T[P] | undefined }, keys: readonly K[]): void {
  for (const k of keys) {
    const v = body[k];
    if (v !== undefined) target[k] = v as T[K];
  }
}
