import type { QueryClient } from '@tanstack/react-query';
import { asBridgeError, callAnyRoute } from '../bridge/call';
import { approvable, failureOf, type BulkOutcome } from '../rules/bulk';
import { commandBody } from '../forms/revisions';
import { canonical, isUncertain, keyFor } from '../../shared';
import { logWrite } from './activity';
import { invalidateAfterWrite } from './useWrite';

type Rec = Record<string, unknown>;

/** One expense of a batch: as the user saw it when they confirmed (its revision is what they decided on). */
export interface BulkItem { id: string; name: string; record: Rec }
/** The Idempotency-Key of each expense's approval, kept across the user's retries of the batch. */
export type BulkKeys = Map<string, { fingerprint: string; key: string }>;

const ROUTE = 'expenses.approve' as const;

/**
 * Approves expenses one after the other, each at the revision shown and with an Idempotency-Key of
 * its own (spec 4.2 rules 2 and 4): the same key for the user's retry of the same approval, so a
 * lost answer retried cannot approve twice; a stale revision is read again and offered again, never
 * retried silently. Each write goes to the activity log; `onEach` tells the screen as they go.
 */
export async function approveMany(qc: QueryClient, items: readonly BulkItem[], keys: BulkKeys, onEach: (id: string, outcome: BulkOutcome) => void): Promise<void> {
  for (const item of items) {
    const body = commandBody(ROUTE, item.record) ?? undefined;
    const attempt = keyFor(keys.get(item.id) ?? null, canonical({ route: ROUTE, params: { id: item.id }, body: body ?? null }));
    keys.set(item.id, attempt);
    const report = { route: ROUTE, area: 'expenses', recordId: item.id, name: item.name, action: 'approve', uncertain: null, recovered: false } as const;
    let outcome: BulkOutcome;
    try {
      const r = await callAnyRoute(ROUTE, { params: { id: item.id }, ...(body ? { body } : {}) }, undefined, attempt.key);
      logWrite(qc, { ...report, error: null, requestId: r.request_id });
      keys.delete(item.id);
      outcome = { kind: 'approved', requestId: r.request_id, replayed: r.replayed === true };
    } catch (e) {
      const error = asBridgeError(e);
      const uncertain = isUncertain(error);
      logWrite(qc, { ...report, error, uncertain: uncertain ? { status: 'retry_safe' } : null });
      const failure = failureOf(error, uncertain);
      if (failure === 'stale') {
        const current = await callAnyRoute('expenses.get', { params: { id: item.id } }).then((r) => r.data as Rec, () => null);
        outcome = { kind: 'stale', current, again: current !== null && approvable(current) };
      } else if (failure === 'blocked') {
        const current = await callAnyRoute('expenses.get', { params: { id: item.id } }).then((r) => r.data as Rec, () => null);
        const issues = Array.isArray(current?.blocking_issues) ? (current.blocking_issues as { code: string; message?: string }[]) : [];
        outcome = { kind: 'blocked', issues };
      } else {
        outcome = failure;
      }
    }
    void invalidateAfterWrite(qc, { route: ROUTE, area: 'expenses', id: item.id, params: { id: item.id }, affects: ['expense-payments'] }, body);
    onEach(item.id, outcome);
  }
}
