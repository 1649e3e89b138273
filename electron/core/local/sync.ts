import type { RouteId } from '../../../shared';
import type { LocalStore } from './store';
import { isRec, markOf, type Rec } from './values';

/**
 * The walks that keep one area's copy: the first fill (newest first, resumable: the cursor is saved
 * with each page in the same transaction, so a crash repeats at most one page and upserts make the
 * repeat harmless), the freshness cycle (`updated_after` or `created_after` from the newest mark
 * held, minus an overlap, de-duplicated by id and mark) and the deletion check (a walk of every id).
 */
export interface Page {
  data: Rec[];
  next: string | null;
  /** Records of the page that failed the contract's check (held aside, the rest is kept). */
  rejected?: { id: string | null; reason: string }[];
  /** The server's clock when it answered (its Date header). */
  serverTime?: string;
}
export interface PageSource {
  page(route: RouteId, query: Record<string, string | number>, signal: AbortSignal): Promise<Page>;
  /** One record by id; null when the API answers 404. */
  get(route: RouteId, id: string, signal: AbortSignal): Promise<Rec | null>;
}

/**
 * A cycle reads again from this long before the previous cycle began (by the server's clock), or
 * before its newest mark when earlier: `updated_after` is exclusive, equal timestamps exist, and a
 * change committed slower than this after its `updated_at` was stamped is still seen by the next
 * cycle. Slower ones, and a server whose clock is behind, are put right by the deletion check's walk.
 */
export const OVERLAP_MS = 60_000;
export const PAGE_SIZE = 100;
/** Records held aside that are read again by id in one pass (the rest wait for the next). */
const HELD_REREADS = 20;

export interface WalkProgress { pages: number; records: number }
export type OnProgress = (p: WalkProgress) => void;

const minus = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();
const maxMark = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const minMark = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);
const recs = (data: unknown[]): Rec[] => data.filter(isRec);

export class AreaSync {
  constructor(private readonly store: LocalStore, private readonly source: PageSource, private readonly now: () => Date = () => new Date()) {}

  /**
   * The pages of a list from a cursor, the next one asked for before the current one is written:
   * the API prepares a page while the copy stores the last (a walk is then bound by the rate limit, not by both).
   */
  private async *walk(route: RouteId, base: Record<string, string | number>, start: string | null, signal: AbortSignal): AsyncGenerator<Page> {
    const fetchPage = (cursor: string | null) => {
      const p = this.source.page(route, { ...base, ...(cursor ? { cursor } : {}) }, signal);
      p.catch(() => undefined); // awaited below; a prefetch left behind by a stopped walk must not go unhandled
      return p;
    };
    let pending = fetchPage(start);
    for (;;) {
      const page = await pending;
      if (page.next !== null) pending = fetchPage(page.next);
      yield page;
      if (page.next === null) return;
    }
  }

  /** The first fill, from where it stopped. Ends with the indexes built and the area marked filled. */
  async fill(area: string, signal: AbortSignal, onProgress: OnProgress): Promise<void> {
    const a = this.store.area(area);
    let meta = this.store.meta(area);
    let cursor = meta.fill_cursor;
    let pages = meta.fill_pages;
    let top = meta.fill_top;
    if (cursor === null && pages > 0) pages = 0; // an unfinished fill without a cursor starts over
    for (let attempt = 0; ; attempt++) {
      try {
        for await (const page of this.walk(a.list, { limit: PAGE_SIZE }, cursor, signal)) {
          if (pages === 0) {
            top = maxMark(top, page.data[0] ? markOf(a, page.data[0]) : null);
            if (page.serverTime) this.store.setMeta(area, { cycle_start: page.serverTime });
          }
          pages += 1;
          const next = page.next;
          await this.holdAside(area, page);
          await this.store.write(area, page.data, () => this.store.setMeta(area, { fill_cursor: next, fill_pages: pages, fill_top: top }), { fill: true });
          onProgress({ pages, records: this.store.count(area) });
          cursor = next;
        }
        break;
      } catch (err) {
        // A cursor from an earlier run the API no longer takes: walk again from the top (upserts skip what is held).
        if (attempt > 0 || !cursor || !isInvalidFilter(err)) throw err;
        cursor = null;
        pages = 0;
        this.store.setMeta(area, { fill_cursor: null, fill_pages: 0 });
      }
    }
    await this.store.finish(area, signal);
    meta = this.store.meta(area);
    // What changed during the fill is newer than its first page: the cycle after it reads from there.
    // A fill is a walk of every id, so it also counts as the first deletion check.
    const at = this.now().toISOString();
    this.store.setMeta(area, { filled: true, fill_cursor: null, fill_pages: 0, mark: meta.fill_top ?? this.store.newestMark(area), last_sync: at, last_deletion_check: at });
  }

  /** One freshness cycle: what changed (or was made) since the newest mark held. Returns the ids written. */
  async cycle(area: string, signal: AbortSignal): Promise<string[]> {
    const a = this.store.area(area);
    const meta = this.store.meta(area);
    const mark = meta.mark ?? this.store.newestMark(area);
    const from = minMark(mark, mark === null ? null : meta.cycle_start);
    const filter = a.freshness === 'updated' ? 'updated_after' : 'created_after';
    const base: Record<string, string | number> = { limit: PAGE_SIZE, ...(from ? { [filter]: minus(from, OVERLAP_MS) } : {}) };
    let newest = mark;
    let started: string | null = null;
    const written: string[] = [];
    const payments = new Set<string>();
    for await (const page of this.walk(a.list, base, null, signal)) {
      started ??= page.serverTime ?? null;
      if (area === 'expenses') for (const id of this.paymentsToReread(page.data)) payments.add(id);
      await this.holdAside(area, page);
      written.push(...await this.store.write(area, page.data));
      for (const r of page.data) newest = maxMark(newest, markOf(a, r));
    }
    await this.store.writable();
    this.store.setMeta(area, { mark: newest, last_sync: this.now().toISOString(), cycle_start: started });
    // Every payment a changed expense names (a payment has no update time of its own to walk by).
    if (payments.size) await this.reread('expense-payments', [...payments], signal);
    await this.rereadHeld(area, signal);
    return written;
  }

  /** Records of a page that failed the contract's check leave the copy and are listed with their reason. */
  private async holdAside(area: string, page: Page): Promise<void> {
    if (!page.rejected?.length) return;
    await this.store.writable();
    this.store.holdAside(area, page.rejected.map((r) => ({ id: r.id ?? '', reason: r.reason })), this.now().toISOString());
  }

  /** Held-aside records read again by id: kept when they pass now, released when gone. */
  private async rereadHeld(area: string, signal: AbortSignal): Promise<void> {
    if (!this.store.heldCount(area)) return;
    const ids = this.store.heldAside(area, HELD_REREADS).records.map((r) => r.id).filter((id) => id !== '');
    for (const id of ids) {
      try {
        await this.reread(area, [id], signal);
      } catch (err) {
        if (!isInvalidResponse(err)) throw err;
      }
    }
  }

  /**
   * A walk of every id; held records missing from it are dropped, unless they changed during it
   * (a cycle right after the walk brings those up to date first). Returns how many records it
   * changed: written by the walk or the cycle after it, or dropped (the screens read again when any).
   */
  async checkDeletions(area: string, signal: AbortSignal, onProgress: OnProgress): Promise<number> {
    const a = this.store.area(area);
    const before = this.store.newestMark(area);
    const seen = new Set<string>();
    let pages = 0;
    let written = 0;
    // The walk's version of a record is the truth (even older by its mark: another server's clock), except
    // where the record was written while the walk went on (an own write, a re-read): that one is newer.
    const since = this.store.watch(area);
    try {
      for await (const page of this.walk(a.list, { limit: PAGE_SIZE }, null, signal)) {
        for (const r of page.data) if (typeof r.id === 'string') seen.add(r.id);
        for (const r of page.rejected ?? []) if (r.id) seen.add(r.id);
        await this.holdAside(area, page);
        written += (await this.store.write(area, page.data, undefined, { walk: { except: since.ids } })).length;
        pages += 1;
        onProgress({ pages, records: seen.size });
      }
    } finally {
      since.stop();
    }
    written += (await this.cycle(area, signal)).length;
    // Every id held is looked up in the walk's, and the missing dropped, a few milliseconds at a time.
    const dropped = before === null ? 0 : await this.store.removeMany(area, await this.store.missing(area, seen, before, signal), signal);
    await this.store.writable();
    // Held-aside records the walk did not meet are gone too.
    this.store.release(area, this.store.heldAside(area, Number.MAX_SAFE_INTEGER).records.map((r) => r.id).filter((id) => id !== '' && !seen.has(id)));
    this.store.setMeta(area, { last_deletion_check: this.now().toISOString() });
    return written + dropped;
  }

  /** Reads records again by id: written when found, dropped on 404. */
  async reread(area: string, ids: readonly string[], signal: AbortSignal): Promise<void> {
    const a = this.store.area(area);
    if (!a.get) return;
    for (const id of ids) {
      const rec = await this.source.get(a.get, id, signal);
      await this.store.writable();
      if (rec) this.store.upsert(area, [rec]);
      else this.store.remove(area, [id]);
    }
  }

  /** Payments an incoming expense names whose allocation is new or changed since the copy held it. */
  private paymentsToReread(incoming: readonly Rec[]): string[] {
    const out: string[] = [];
    for (const e of incoming) {
      if (typeof e.id !== 'string') continue;
      const heldAllocs = allocations(this.store.get('expenses', e.id));
      for (const [pid, text] of allocations(e)) if (heldAllocs.get(pid) !== text) out.push(pid);
    }
    return out;
  }
}

/** An expense's payment allocations by payment id (as text, to compare). */
function allocations(e: Rec | undefined): Map<string, string> {
  const list = e && Array.isArray(e.payment_allocations) ? e.payment_allocations : [];
  return new Map(recs(list).filter((x) => typeof x.payment_id === 'string').map((x) => [x.payment_id as string, JSON.stringify(x)]));
}

function isInvalidResponse(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { kind?: unknown }).kind === 'invalid_response';
}

function isInvalidFilter(err: unknown): boolean {
  const e = err as { status?: unknown; code?: unknown };
  return typeof err === 'object' && err !== null && e.status === 400 && e.code === 'invalid_filter';
}
