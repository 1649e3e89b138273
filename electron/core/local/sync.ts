import type { RouteId } from '../../../shared';
import type { LocalStore } from './store';
import { isRec, markOf, type Rec } from './values';

/**
 * The walks that keep one area's copy: the first fill (newest first, resumable: the cursor is saved
 * with each page in the same transaction, so a crash repeats at most one page and upserts make the
 * repeat harmless), the freshness cycle (`updated_after` or `created_after` from the newest mark
 * held, minus an overlap, de-duplicated by id and mark) and the deletion check (a walk of every id).
 */
export interface Page { data: Rec[]; next: string | null }
export interface PageSource {
  page(route: RouteId, query: Record<string, string | number>, signal: AbortSignal): Promise<Page>;
  /** One record by id; null when the API answers 404. */
  get(route: RouteId, id: string, signal: AbortSignal): Promise<Rec | null>;
}

/** The filter is exclusive and equal timestamps exist: a cycle reads again from this long before its mark. */
export const OVERLAP_MS = 2_000;
export const PAGE_SIZE = 100;
/** At most this many expense payments re-read after one cycle of expenses. */
const PAYMENT_REREADS_MAX = 100;

export interface WalkProgress { pages: number; records: number }
export type OnProgress = (p: WalkProgress) => void;

const minus = (iso: string, ms: number) => new Date(Date.parse(iso) - ms).toISOString();
const maxMark = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
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
          if (pages === 0) top = maxMark(top, page.data[0] ? markOf(a, page.data[0]) : null);
          pages += 1;
          const next = page.next;
          this.store.upsert(area, page.data, () => this.store.setMeta(area, { fill_cursor: next, fill_pages: pages, fill_top: top }), { fill: true });
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
    this.store.index(area);
    meta = this.store.meta(area);
    // What changed during the fill is newer than its first page: the cycle after it reads from there.
    // A fill is a walk of every id, so it also counts as the first deletion check.
    const at = this.now().toISOString();
    this.store.setMeta(area, { filled: true, fill_cursor: null, fill_pages: 0, mark: meta.fill_top ?? this.store.newestMark(area), last_sync: at, last_deletion_check: at });
  }

  /** One freshness cycle: what changed (or was made) since the newest mark held. Returns the ids written. */
  async cycle(area: string, signal: AbortSignal): Promise<string[]> {
    const a = this.store.area(area);
    const mark = this.store.meta(area).mark ?? this.store.newestMark(area);
    const filter = a.freshness === 'updated' ? 'updated_after' : 'created_after';
    const base: Record<string, string | number> = { limit: PAGE_SIZE, ...(mark ? { [filter]: minus(mark, OVERLAP_MS) } : {}) };
    let newest = mark;
    const written: string[] = [];
    const payments = new Set<string>();
    for await (const page of this.walk(a.list, base, null, signal)) {
      if (area === 'expenses') for (const id of this.paymentsToReread(page.data)) payments.add(id);
      written.push(...this.store.upsert(area, page.data));
      for (const r of page.data) newest = maxMark(newest, markOf(a, r));
    }
    this.store.setMeta(area, { mark: newest, last_sync: this.now().toISOString() });
    if (payments.size) await this.reread('expense-payments', [...payments].slice(0, PAYMENT_REREADS_MAX), signal);
    return written;
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
    for await (const page of this.walk(a.list, { limit: PAGE_SIZE }, null, signal)) {
      for (const r of page.data) if (typeof r.id === 'string') seen.add(r.id);
      written += this.store.upsert(area, page.data).length;
      pages += 1;
      onProgress({ pages, records: seen.size });
    }
    written += (await this.cycle(area, signal)).length;
    const dropped = before === null ? 0 : this.store.remove(area, this.store.missingFrom(area, seen, before));
    this.store.setMeta(area, { last_deletion_check: this.now().toISOString() });
    return written + dropped;
  }

  /** Reads records again by id: written when found, dropped on 404. */
  async reread(area: string, ids: readonly string[], signal: AbortSignal): Promise<void> {
    const a = this.store.area(area);
    if (!a.get) return;
    for (const id of ids) {
      const rec = await this.source.get(a.get, id, signal);
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

function isInvalidFilter(err: unknown): boolean {
  const e = err as { status?: unknown; code?: unknown };
  return typeof err === 'object' && err !== null && e.status === 400 && e.code === 'invalid_filter';
}
