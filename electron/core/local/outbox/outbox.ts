import { randomUUID } from 'node:crypto';
import {
  LOCAL_AREAS, ROUTES, outboxSubmitSchema, type BridgeError, type OutboxCounts, type OutboxEntry, type OutboxSubmit,
} from '../../../../shared';
import type { LocalStore } from '../store';
import type { Rec } from '../values';
import { OutboxEntries, publicEntry, type Stored } from './entries';
import { applyWrite } from '../apply';
import { LOCAL_MARK, shownRecord } from './overlay';
import { sendEntry, type Sent, type WriteApi } from './send';

/** Sent entries kept on the outbox screen as its history. */
const SENT_KEPT = 50;
/** Independent entries in flight at once during a replay. */
export const REPLAY_WINDOW = 4;

/** Every string in a value that is one of `ids`, replaced by what `map` gives for it. */
export function replaceIds(value: unknown, map: (id: string) => string | undefined): unknown {
  if (typeof value === 'string') return map(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => replaceIds(v, map));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceIds(v, map)]));
  return value;
}

const mentions = (value: unknown, id: string): boolean => JSON.stringify(value ?? null).includes(`"${id}"`);

export type ReplayEnd = 'done' | 'offline' | 'busy' | 'stopped';

/**
 * The outbox in the engine: writes made without the service, shown in the copy at once (marked
 * waiting), sent later in the order made, each exactly once, conflicts left to the user. An entry that
 * needs a decision holds back only the entries that depend on it (they use a record it made, or write
 * the same record after it).
 */
export class Outbox {
  readonly entries: OutboxEntries;

  constructor(
    private readonly store: LocalStore,
    private readonly api: WriteApi,
    private readonly changed: (counts: OutboxCounts, areas: string[]) => void,
    /** Reads records of an area again (after an action whose answer is not the record). */
    private readonly reread: (area: string, ids: string[]) => void,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.entries = new OutboxEntries(store.db);
    // Records waiting changes hold stay as the user's change shows them through every sync.
    for (const e of this.entries.unsent()) if (e.record_id) store.pin(e.area, e.record_id);
  }

  /** Keeps a write to send later; shows it in the copy when the key reads its area (the row shown comes back with the entry). */
  submit(raw: OutboxSubmit, readable: (area: string) => boolean): { entry: OutboxEntry; shown: Rec | null } {
    const input = outboxSubmitSchema.parse(raw);
    const route = ROUTES[input.route];
    const area = route.resource;
    const create = route.kind === 'create';
    const id = randomUUID();
    const temp = create ? randomUUID() : null;
    const recordId = temp ?? input.params?.id ?? null;
    const held = LOCAL_AREAS[area] && readable(area) && recordId && !create ? this.store.get(area, this.resolve(recordId)) ?? null : null;
    const now = this.now().toISOString();
    let shown: Rec | null = null;
    const entry = this.store.db.transaction(() => {
      const e = this.entries.add({
        id, route: input.route, params: input.params ?? null, body: input.body ?? null, area, record_id: recordId, temp_id: temp, name: input.name ?? null,
        idem_key: route.idempotency ? (input.idempotency_key ?? randomUUID()) : null, seen: input.seen ?? null, before: held, created_at: now,
      });
      // An earlier attempt's answer was lost: looked up (created since then) before it is sent again.
      if (input.first_attempt_at) this.entries.update(id, { maybe_sent: true, first_sent_at: input.first_attempt_at });
      if (LOCAL_AREAS[area] && readable(area) && recordId) shown = this.show(e, held, now);
      return e;
    });
    this.tell([area]);
    return { entry: publicEntry(entry), shown };
  }

  list(): { entries: OutboxEntry[]; counts: OutboxCounts } {
    return { entries: this.entries.all().map(publicEntry), counts: this.entries.counts() };
  }

  hasWaiting(): boolean {
    return this.entries.counts().waiting > 0;
  }

  /**
   * Sends what waits, in the order made: up to REPLAY_WINDOW independent entries at once (the rate
   * limit, not each answer's round trip, sets the pace), an entry never before those it depends on (a
   * record it uses made offline, an earlier change of the same record). An entry that needs a decision
   * (or failed) holds back only its dependents; a lost connection or a busy service ends the replay
   * (the next one goes on from there).
   */
  async replay(signal: AbortSignal, readable: (area: string) => boolean): Promise<ReplayEnd> {
    const held = new Map<string, string>(); // entry id -> the entry holding it back
    const pending = this.entries.unsent();
    const inFlight = new Map<string, Promise<void>>();
    let stop: 'offline' | 'busy' | null = null;
    const holdBack = (e: Stored, by: string) => {
      held.set(e.id, held.get(by) ?? by);
      this.entries.update(e.id, { state: 'waiting', why: { kind: 'after', entry: held.get(by) ?? by } });
      this.tell([]);
    };
    for (const { id } of pending) {
      if (stop || signal.aborted) break;
      // Read again: the user may have changed or discarded it while earlier ones were on their way.
      const e = this.entries.get(id);
      if (!e || e.state === 'sent') continue;
      if (e.state === 'decision' || e.state === 'failed') { held.set(e.id, e.id); continue; }
      const deps = pending.filter((d) => d.seq < e.seq && this.dependsOn(e, d));
      const early = deps.find((d) => held.has(d.id));
      if (early) { holdBack(e, early.id); continue; }
      await Promise.all(deps.map((d) => inFlight.get(d.id)));
      const late = deps.find((d) => held.has(d.id));
      if (late) { holdBack(e, late.id); continue; }
      while (inFlight.size >= REPLAY_WINDOW) await Promise.race(inFlight.values());
      if (stop || signal.aborted) break;
      const sending = (async () => {
        // Temporary ids are resolved now: what this entry uses was made by an entry sent before it.
        const resolved = { params: replaceIds(e.params, (x) => this.entries.realId(x)) as Record<string, string> | null, body: replaceIds(e.body, (x) => this.entries.realId(x)) };
        const end = await sendEntry(e, resolved, this.entries, this.api, this.now, signal);
        const after = this.entries.get(e.id)!;
        if (after.state === 'sent') this.settle(after, end, readable);
        else {
          held.set(e.id, e.id);
          if (after.state !== 'waiting') this.mark(after);
        }
        if (end.kind === 'offline' || end.kind === 'busy') stop ??= end.kind;
        this.tell([e.area]);
      })().finally(() => inFlight.delete(e.id));
      inFlight.set(e.id, sending);
    }
    await Promise.all(inFlight.values());
    if (signal.aborted) return 'stopped';
    if (stop) return stop;
    this.entries.trimSent(SENT_KEPT);
    return 'done';
  }

  /**
   * The user's answer to an entry that needs a decision or failed: send it again (on the current
   * version), or with changed values; a waiting entry's values can be changed too (Edit) until it is sent.
   */
  resolveEntry(id: string, choice: 'again' | 'change', body: unknown): OutboxEntry {
    const e = this.need(id);
    if (e.state !== 'decision' && e.state !== 'failed' && !(e.state === 'waiting' && choice === 'change')) return publicEntry(e);
    const why = e.why;
    const next: unknown = choice === 'change' && body !== undefined ? body : e.body;
    // Again (or changed) on the current version: the revisions the service has now are read before it goes,
    // every field as the user set it; an edit's clash is settled against the version the user has now seen.
    const rebase = why?.kind === 'stale_revision';
    const seen = why?.kind === 'changed_since' ? { updated_at: String(why.current.updated_at ?? ''), fields: Object.fromEntries(why.fields.map((f) => [f.field, f.theirs])) } : e.seen;
    this.store.db.transaction(() => {
      this.entries.update(id, { state: 'waiting', why: null, body: next, seen, rebase, ...(choice === 'change' && e.idem_key ? { idem_key: randomUUID() } : {}) });
      // The copy shows the values the user chose now.
      if (next !== e.body && this.marks(e)) this.show({ ...e, body: next }, e.before, this.now().toISOString());
      else this.mark({ ...e, state: 'waiting' });
    });
    this.tell([e.area]);
    return publicEntry(this.entries.get(id)!);
  }

  /**
   * Removes an entry and restores the copy as it was before it; entries that use a record it was to make
   * go with it (they could never be sent). Returns the ids removed.
   */
  discard(id: string): string[] {
    const e = this.need(id);
    if (e.state === 'sent') return [];
    const gone = [e, ...(e.temp_id ? this.entries.unsent().filter((d) => d.seq > e.seq && mentions([d.params, d.body], e.temp_id!)) : [])];
    this.store.db.transaction(() => {
      for (const d of [...gone].reverse()) this.restore(d);
      this.entries.remove(gone.map((d) => d.id));
    });
    this.tell([...new Set(gone.map((d) => d.area))]);
    return gone.map((d) => d.id);
  }

  /** Waiting entries were made for another business (the key changed): they can no longer be sent. */
  orphanAll(error: BridgeError): void {
    for (const e of this.entries.unsent()) if (e.state !== 'failed') this.entries.update(e.id, { state: 'failed', why: { kind: 'refused', error } });
    this.tell([]);
  }

  private need(id: string): Stored {
    const e = this.entries.get(id);
    if (!e) throw Object.assign(new Error('That change is no longer in the outbox.'), { code: 'outbox_entry_gone' });
    return e;
  }

  /** The id a record has now: a temporary one's service id once its creation was sent. */
  private resolve(id: string): string {
    return this.entries.realId(id) ?? id;
  }

  /** `e` uses what `d` makes (its temporary id), or writes the same record after it. */
  private dependsOn(e: Stored, d: Stored): boolean {
    if (d.temp_id && mentions([e.params, e.body, e.record_id], d.temp_id)) return true;
    return d.record_id !== null && d.record_id === e.record_id;
  }

  /** Shows an entry's change in the copy; the row as shown (none for a delete, or a record the copy does not hold). */
  private show(e: Stored, before: Rec | null, now: string): Rec | null {
    const recordId = this.resolve(e.record_id!);
    this.store.pin(e.area, recordId);
    if (ROUTES[e.route].kind === 'delete') { this.store.remove(e.area, [recordId], { overlay: true }); return null; }
    if (!before && ROUTES[e.route].kind !== 'create') return null; // a record the copy does not hold: nothing to show
    const row = shownRecord(e.route, e.area, before, e.body, { id: recordId, entry: e.id, now, nameOf: (area, id) => this.nameOf(area, id) });
    this.store.upsert(e.area, [row], undefined, { overlay: true });
    return row;
  }

  /** The name the copy holds for a record (one made offline too), if it holds it. */
  private nameOf(area: string, id: string): string | null {
    if (!LOCAL_AREAS[area]) return null;
    const name = this.store.get(area, this.resolve(id))?.name;
    return typeof name === 'string' ? name : null;
  }

  /** Whether the copy's row of the entry's record shows this entry. */
  private marks(e: Stored): boolean {
    if (!e.record_id || !LOCAL_AREAS[e.area]) return false;
    return (this.store.get(e.area, this.resolve(e.record_id))?.[LOCAL_MARK] as { entry?: string } | undefined)?.entry === e.id;
  }

  /** The row's mark follows its entry's state (waiting, a decision, failed). */
  private mark(e: Stored): void {
    if (!e.record_id || !LOCAL_AREAS[e.area]) return;
    const id = this.resolve(e.record_id);
    const row = this.store.get(e.area, id);
    const m = row?.[LOCAL_MARK] as { entry: string } | undefined;
    if (!row || m?.entry !== e.id) return;
    this.store.upsert(e.area, [{ ...row, [LOCAL_MARK]: { ...m, state: e.state === 'sending' ? 'waiting' : e.state } }], undefined, { overlay: true });
  }

  /** Puts the copy back as it was before an entry changed it. */
  private restore(e: Stored): void {
    if (!e.record_id || !LOCAL_AREAS[e.area]) return;
    const id = this.resolve(e.record_id);
    this.store.unpin(e.area, id);
    if (e.before) this.store.upsert(e.area, [e.before], undefined, { overlay: true });
    else if (ROUTES[e.route].kind === 'create') this.store.remove(e.area, [id], { overlay: true });
  }

  /** A sent entry: the service's answer replaces what the copy showed; a made record's temporary id gives way to its own. */
  private settle(e: Stored, sent: Sent, readable: (area: string) => boolean): void {
    if (sent.kind !== 'sent') return;
    const temp = e.temp_id;
    const id = e.record_id ? (temp ? e.result_id ?? temp : this.resolve(e.record_id)) : null;
    const later = id !== null && this.entries.unsent().some((d) => d.id !== e.id && d.record_id !== null && this.resolve(d.record_id) === id);
    const params = replaceIds(e.params, (x) => this.entries.realId(x)) as Record<string, string> | undefined;
    let applied: string[] = [];
    this.store.db.transaction(() => {
      if (temp) { this.store.unpin(e.area, temp); this.store.remove(e.area, [temp], { overlay: true }); }
      // A later entry still changes the record: it stays as that entry shows it.
      if (id && !later) this.store.unpin(e.area, id);
      applied = applyWrite(this.store, e.route, params ?? undefined, sent.data, readable).areas;
    });
    // An action answered with something other than the record (a status change, a close): the record is read again.
    const answered = sent.data && typeof sent.data === 'object' && (sent.data as Rec).id === id;
    if (id && !later && !answered && ROUTES[e.route].kind !== 'delete' && LOCAL_AREAS[e.area] && readable(e.area)) this.reread(e.area, [id]);
    this.tell(applied);
  }

  private tell(areas: string[]): void {
    this.changed(this.entries.counts(), areas.filter((a) => LOCAL_AREAS[a]));
  }
}
