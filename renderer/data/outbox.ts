import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OperationInput, OutboxCounts, OutboxEntry, OutboxSubmit } from '../../shared';
import { invoke } from '../bridge/invoke';
import { qk } from './queryKeys';

/**
 * The active profile's outbox (main's engine keeps it) as the screens read it: its entries and
 * counts, kept current by main's outbox.changed, and the user's answers to it. When an entry moves
 * (sent, discarded, a decision), the records it wrote are read again.
 */
export interface OutboxList { entries: OutboxEntry[]; counts: OutboxCounts }

const NONE: OutboxList = { entries: [], counts: { waiting: 0, decisions: 0, failed: 0 } };

export const outboxOptions = () => queryOptions({
  queryKey: qk.outbox(),
  queryFn: ({ signal }): Promise<OutboxList> => invoke('outbox.list', {}, signal),
  staleTime: Infinity,
});

/** The entries as last read (none until read). */
export const outboxNow = (qc: QueryClient): OutboxEntry[] => qc.getQueryData<OutboxList>(qk.outbox())?.entries ?? [];

/** The entries, read first when they never were (none when they cannot be read: a record is then read as it is). */
export async function outboxEntries(qc: QueryClient): Promise<OutboxEntry[]> {
  return (await qc.ensureQueryData(outboxOptions()).catch(() => NONE)).entries;
}

export const useOutbox = () => useQuery(outboxOptions());

/**
 * The part of the outbox a piece of a screen reads (its counts, one record's entries): it renders
 * again only when that part changes, not on every entry's move (a save offline moves two).
 */
export const useOutboxPart = <T>(pick: (o: OutboxList) => T) => useQuery({ ...outboxOptions(), select: pick });

const countsOf = (o: OutboxList) => o.counts;
/** The counts (none until read). */
export const useOutboxCounts = (): OutboxCounts | undefined => useOutboxPart(countsOf).data;

/** An entry's fingerprint: when it changes, what the entry wrote reads differently. */
const stateOf = (e: OutboxEntry) => `${e.state}/${e.why?.kind ?? ''}/${e.result_id ?? ''}/${JSON.stringify(e.body)}`;

/** Records of entries that came, went or moved are read again (the copy's own reads follow local.changed). */
function invalidateMoved(qc: QueryClient, before: readonly OutboxEntry[], after: readonly OutboxEntry[]): void {
  const was = new Map(before.map((e) => [e.id, stateOf(e)]));
  const now = new Set(after.map((e) => e.id));
  const moved = [...after.filter((e) => was.get(e.id) !== stateOf(e)), ...before.filter((e) => !now.has(e.id))];
  for (const e of moved) {
    for (const id of new Set([e.record_id, e.temp_id, e.result_id])) if (id) void qc.invalidateQueries({ queryKey: qk.record(e.area, id) });
    // The service has it now: lists read from the API show it.
    if (e.state === 'sent' && was.get(e.id) !== undefined) void qc.invalidateQueries({ queryKey: qk.lists(e.area) });
  }
}

let refreshing: Promise<void> | null = null;
let again = false;

/** Reads the entries again (one read at a time; events meanwhile make one more). */
export function refreshOutbox(qc: QueryClient): Promise<void> {
  if (refreshing) { again = true; return refreshing; }
  refreshing = (async () => {
    do {
      again = false;
      const before = outboxNow(qc);
      const next = await qc.fetchQuery({ ...outboxOptions(), staleTime: 0 });
      invalidateMoved(qc, before, next.entries);
    } while (again);
  })().finally(() => { refreshing = null; });
  return refreshing;
}

/**
 * This window's own submissions in flight, and the counts main announced meanwhile: the change they
 * announce is the submission's, whose answer brings the entry (no read of every entry on the way to
 * the record screen), unless the counts say more changed.
 */
const own = { submitting: 0, heard: null as OutboxCounts | null };
/** The counts announced while this window's submissions ran, once the last of them is answered (then forgotten). */
function takeHeard(): OutboxCounts | null {
  if (own.submitting > 0) return null;
  const heard = own.heard;
  own.heard = null;
  return heard;
}
const sameCounts = (a: OutboxCounts, b: OutboxCounts) => a.waiting === b.waiting && a.decisions === b.decisions && a.failed === b.failed;

/** Mounted once by the shell: the counts from main's event at once, the entries read again after. */
export function useOutboxEvents(): void {
  const qc = useQueryClient();
  useEffect(() => {
    void qc.prefetchQuery(outboxOptions());
    return window.bridge?.on('outbox.changed', (counts) => outboxChanged(qc, counts));
  }, [qc]);
}

/** Main's outbox.changed: the counts at once, then every entry read again (after this window's own submission, only when more changed). */
export function outboxChanged(qc: QueryClient, counts: OutboxCounts): void {
  qc.setQueryData<OutboxList>(qk.outbox(), (old) => (old ? { ...old, counts } : old));
  if (own.submitting > 0) own.heard = counts;
  else void refreshOutbox(qc);
}

/** What the outbox kept, and the record as the copy now shows it (none for a delete, or a record the copy does not hold). */
export interface Kept { entry: OutboxEntry; shown: Record<string, unknown> | null }

/** Keeps a write to send later; the entry is in the cache at once, so the record it made or changed reads from the copy. */
export async function submitToOutbox(qc: QueryClient, input: OutboxSubmit): Promise<Kept> {
  const before = qc.getQueryData<OutboxList>(qk.outbox())?.counts ?? NONE.counts;
  own.submitting += 1;
  const kept = await invoke('outbox.submit', input as OperationInput<'outbox.submit'>)
    .finally(() => { own.submitting -= 1; })
    // Not kept: what main announced meanwhile is someone else's change.
    .catch((e: unknown) => { if (takeHeard()) void refreshOutbox(qc); throw e; });
  const expected = { ...before, waiting: before.waiting + 1 };
  const heard = takeHeard();
  const entries = qc.getQueryData<OutboxList>(qk.outbox())?.entries ?? [];
  qc.setQueryData<OutboxList>(qk.outbox(), { entries: [...entries.filter((e) => e.id !== kept.entry.id), kept.entry], counts: heard ?? expected });
  // Main said more than this entry changed (another window, a replay meanwhile): every entry is read again.
  if (heard && !sameCounts(heard, expected)) void refreshOutbox(qc);
  return kept;
}

/** Tries what waits now (or one entry's turn comes with the rest). */
export const retryOutbox = (id?: string) => invoke('outbox.retry', id ? { id } : {});

/** Removes an entry (and those that use what it was to make); the copy shows the records as they were. */
export async function discardFromOutbox(qc: QueryClient, id: string): Promise<string[]> {
  const { discarded } = await invoke('outbox.discard', { id });
  await refreshOutbox(qc);
  return discarded;
}

/** The user's answer to an entry: send it again on the current version, or with changed values. */
export async function resolveOutbox(qc: QueryClient, input: OperationInput<'outbox.resolve'>): Promise<OutboxEntry> {
  const { entry } = await invoke('outbox.resolve', input);
  await refreshOutbox(qc);
  return entry;
}
