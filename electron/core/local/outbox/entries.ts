import { outboxEntrySchema, type OutboxCounts, type OutboxEntry, type OutboxState, type OutboxWhy, type RouteId } from '../../../../shared';
import type { SqlDb, SqlRow, SqlValue } from '../sql';

/**
 * The outbox's entries in the copy's database (encrypted with it; memory for a session-only profile):
 * one row per write, in the order made (seq). Every change of an entry's state is one transaction, so a
 * crash leaves each entry either before or after a step, never between. Temporary ids of records made
 * offline map to the service's ids once their creation is sent.
 */
export const OUTBOX_DDL = [
  `CREATE TABLE IF NOT EXISTS _outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, route TEXT NOT NULL, params TEXT, body TEXT,
    area TEXT NOT NULL, record_id TEXT, temp_id TEXT, result_id TEXT, name TEXT, state TEXT NOT NULL, why TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    maybe_sent INTEGER NOT NULL DEFAULT 0, -- an attempt may have reached the service: look it up (or send with its key) first
    idem_key TEXT,                          -- the Idempotency-Key or client_request_id, the same on every attempt
    rebase INTEGER NOT NULL DEFAULT 0,      -- the user chose to send it again on the current version: its revisions are read anew first
    seen TEXT,                              -- the version the user acted on (updated_at and the fields' values then)
    before TEXT,                            -- the copy's row before the change was shown (restored on discard)
    created_at TEXT NOT NULL, first_sent_at TEXT, sent_at TEXT, request_id TEXT
  )`,
  'CREATE TABLE IF NOT EXISTS _outbox_ids (temp TEXT PRIMARY KEY, real TEXT NOT NULL)',
];

/** What the engine keeps of an entry beyond what the screens see. */
export interface Stored extends OutboxEntry {
  maybe_sent: boolean;
  rebase: boolean;
  idem_key: string | null;
  seen: { updated_at: string | null; fields: Record<string, unknown> } | null;
  before: Record<string, unknown> | null;
  first_sent_at: string | null;
}

const json = (v: SqlValue | undefined): unknown => (typeof v === 'string' ? JSON.parse(v) : null);
const text = (v: SqlValue | undefined): string | null => (typeof v === 'string' ? v : null);

function fromRow(r: SqlRow): Stored {
  return {
    id: String(r.id), seq: Number(r.seq), route: String(r.route) as RouteId, params: json(r.params) as Record<string, string> | null, body: json(r.body),
    area: String(r.area), record_id: text(r.record_id), temp_id: text(r.temp_id), result_id: text(r.result_id), name: text(r.name),
    state: String(r.state) as OutboxState, why: json(r.why) as OutboxWhy | null, attempts: Number(r.attempts), created_at: String(r.created_at),
    sent_at: text(r.sent_at), request_id: text(r.request_id), maybe_sent: r.maybe_sent === 1, rebase: r.rebase === 1, idem_key: text(r.idem_key),
    seen: json(r.seen) as Stored['seen'], before: json(r.before) as Stored['before'], first_sent_at: text(r.first_sent_at),
  };
}

/** What the screens see of an entry (no pre-image, no keys). */
export const publicEntry = (e: Stored): OutboxEntry => outboxEntrySchema.parse(e);

export type NewEntry = Pick<Stored, 'id' | 'route' | 'params' | 'body' | 'area' | 'record_id' | 'temp_id' | 'name' | 'idem_key' | 'seen' | 'before' | 'created_at'>;
export type EntryPatch = Partial<Pick<Stored, 'state' | 'why' | 'attempts' | 'maybe_sent' | 'rebase' | 'idem_key' | 'result_id' | 'sent_at' | 'request_id' | 'first_sent_at' | 'body' | 'params' | 'seen'>>;

const enc = (v: unknown): SqlValue => (v === null || v === undefined ? null : JSON.stringify(v));

export class OutboxEntries {
  constructor(private readonly db: SqlDb) {
    for (const s of OUTBOX_DDL) db.exec(s);
  }

  add(e: NewEntry): Stored {
    this.db.prepare(
      'INSERT INTO _outbox (id, route, params, body, area, record_id, temp_id, name, state, idem_key, seen, before, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(e.id, e.route, enc(e.params), enc(e.body), e.area, e.record_id, e.temp_id, e.name, 'waiting', e.idem_key, enc(e.seen), enc(e.before), e.created_at);
    return this.get(e.id)!;
  }

  get(id: string): Stored | undefined {
    const r = this.db.prepare('SELECT * FROM _outbox WHERE id = ?').get(id);
    return r ? fromRow(r) : undefined;
  }

  /** Entries not yet sent (and those sent, for the screen, newest first after them), in the order made. */
  all(): Stored[] {
    return this.db.prepare('SELECT * FROM _outbox ORDER BY seq').all().map(fromRow);
  }

  unsent(): Stored[] {
    return this.db.prepare("SELECT * FROM _outbox WHERE state != 'sent' ORDER BY seq").all().map(fromRow);
  }

  update(id: string, patch: EntryPatch): void {
    const entries = Object.entries(patch).map(([k, v]) => [k, k === 'maybe_sent' || k === 'rebase' ? (v ? 1 : 0) : ['why', 'body', 'params', 'seen'].includes(k) ? enc(v) : (v as SqlValue)] as const);
    if (!entries.length) return;
    this.db.prepare(`UPDATE _outbox SET ${entries.map(([k]) => `"${k}" = ?`).join(', ')} WHERE id = ?`).run(...entries.map(([, v]) => v), id);
  }

  remove(ids: readonly string[]): void {
    const del = this.db.prepare('DELETE FROM _outbox WHERE id = ?');
    this.db.transaction(() => { for (const id of ids) del.run(id); });
  }

  /** Sent entries beyond the newest `keep` leave the screen's history. */
  trimSent(keep: number): void {
    this.db.prepare("DELETE FROM _outbox WHERE state = 'sent' AND seq NOT IN (SELECT seq FROM _outbox WHERE state = 'sent' ORDER BY seq DESC LIMIT ?)").run(keep);
  }

  counts(): OutboxCounts {
    const by = new Map(this.db.prepare('SELECT state, count(*) AS n FROM _outbox GROUP BY state').all().map((r) => [String(r.state), Number(r.n)]));
    return { waiting: (by.get('waiting') ?? 0) + (by.get('sending') ?? 0), decisions: by.get('decision') ?? 0, failed: by.get('failed') ?? 0 };
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn);
  }

  realId(temp: string): string | undefined {
    const v = this.db.prepare('SELECT real FROM _outbox_ids WHERE temp = ?').get(temp)?.real;
    return typeof v === 'string' ? v : undefined;
  }

  mapId(temp: string, real: string): void {
    this.db.prepare('INSERT OR REPLACE INTO _outbox_ids (temp, real) VALUES (?, ?)').run(temp, real);
  }
}
