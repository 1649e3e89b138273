import { q } from './layout';
import type { SqlDb, SqlValue } from './sql';

/** What one area's bookkeeping row holds (table _areas). */
export interface AreaMeta {
  filled: boolean;
  fill_cursor: string | null;
  fill_top: string | null;
  fill_pages: number;
  mark: string | null;
  last_sync: string | null;
  last_deletion_check: string | null;
  denied: boolean;
  message: string | null;
  /** A read under the current key succeeded: the area may be served (false after a key change until then). */
  verified: boolean;
  /** The server's clock when the last fill or cycle began. */
  cycle_start: string | null;
}
/** A record the API answered that failed the contract's check, kept out of the copy. */
export interface HeldRecord { id: string; reason: string; at: string }
export type AreaMetaPatch = Partial<{ [K in keyof AreaMeta]: AreaMeta[K] extends boolean ? boolean : AreaMeta[K] }>;

const str = (v: SqlValue | undefined): string | null => (typeof v === 'string' ? v : null);

/** The copy's bookkeeping: each area's state, the copy's facts, and the records held aside. */
export abstract class Bookkeeping {
  /** Records held aside per area, counted once and then kept. */
  private readonly heldCounts = new Map<string, number>();

  constructor(readonly db: SqlDb) {}

  /** Drops records by id; returns how many were held. */
  abstract remove(area: string, ids: readonly string[]): number;

  protected forgetHeld(area: string): void {
    this.heldCounts.delete(area);
  }

  meta(area: string): AreaMeta {
    const r = this.db.prepare('SELECT * FROM _areas WHERE area = ?').get(area) ?? {};
    return {
      filled: r.filled === 1, fill_cursor: str(r.fill_cursor), fill_top: str(r.fill_top), fill_pages: Number(r.fill_pages ?? 0),
      mark: str(r.mark), last_sync: str(r.last_sync), last_deletion_check: str(r.last_deletion_check), denied: r.denied === 1, message: str(r.message),
      verified: r.verified === 1, cycle_start: str(r.cycle_start),
    };
  }

  setMeta(area: string, patch: AreaMetaPatch): void {
    const entries = Object.entries(patch).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null)] as const);
    if (!entries.length) return;
    this.db.prepare(`UPDATE _areas SET ${entries.map(([k]) => `${q(k)} = ?`).join(', ')} WHERE area = ?`).run(...entries.map(([, v]) => v as SqlValue), area);
  }

  /** A fact of the copy (the business it belongs to). */
  fact(name: string): string | null {
    return str(this.db.prepare('SELECT v FROM _facts WHERE k = ?').get(name)?.v);
  }

  setFact(name: string, value: string | null): void {
    this.db.prepare('INSERT OR REPLACE INTO _facts (k, v) VALUES (?, ?)').run(name, value);
  }

  heldCount(area: string): number {
    let n = this.heldCounts.get(area);
    if (n === undefined) {
      n = Number(this.db.prepare('SELECT count(*) AS n FROM _held WHERE area = ?').get(area)!.n);
      this.heldCounts.set(area, n);
    }
    return n;
  }

  /** Records of an area held aside (newest first), at most `limit`, and how many there are. */
  heldAside(area: string, limit: number): { count: number; records: HeldRecord[] } {
    const count = this.heldCount(area);
    if (!count) return { count, records: [] };
    const records = this.db.prepare('SELECT id, reason, at FROM _held WHERE area = ? ORDER BY at DESC, id LIMIT ?').all(area, limit)
      .map((r) => ({ id: String(r.id), reason: String(r.reason), at: String(r.at) }));
    return { count, records };
  }

  /** Holds records aside (their held versions leave the copy: what the API says of them now cannot be read). */
  holdAside(area: string, records: readonly { id: string; reason: string }[], at: string): void {
    if (!records.length) return;
    const put = this.db.prepare('INSERT OR REPLACE INTO _held (area, id, reason, at) VALUES (?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const r of records) put.run(area, r.id, r.reason, at);
      this.remove(area, records.map((r) => r.id));
    });
    this.heldCounts.delete(area);
  }

  /** Records that passed the check again (or are gone): no longer held aside. */
  release(area: string, ids: readonly string[]): void {
    if (!ids.length) return;
    const del = this.db.prepare('DELETE FROM _held WHERE area = ? AND id = ?');
    let n = 0;
    this.db.transaction(() => { for (const id of ids) n += del.run(area, id).changes; });
    if (n) this.heldCounts.delete(area);
  }
}
