import type { LocalStore } from './store';

/** Most bytes of answers (and their questions) kept per copy and kind; past this the least recently used go first. */
export const ANSWERS_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Answers computed from one copy (aggregates, counts), keyed by the question and the area's
 * generation: any change of the area's records (a sync cycle that wrote, an own write, a deletion)
 * bumps it, so a stale answer is never found again. A forgotten copy or another profile is another
 * LocalStore, and so another cache. Bounded by bytes, not entries: a page asking ever new questions
 * (long filters, many groups) cannot grow main's memory past the bound.
 */
export class Answers<T> {
  private readonly byStore = new WeakMap<LocalStore, { map: Map<string, { answer: T; bytes: number }>; bytes: number }>();

  constructor(private readonly maxBytes = ANSWERS_MAX_BYTES, private readonly sizeOf: (answer: T) => number = (a) => JSON.stringify(a).length * 2) {}

  /** The answer held for `question` on the area as it is now, else `compute()`'s (then held). */
  get(store: LocalStore, area: string, question: string, compute: () => T): T {
    let held = this.byStore.get(store);
    if (!held) { held = { map: new Map(), bytes: 0 }; this.byStore.set(store, held); }
    const key = `${area}|${store.generation(area)}|${question}`;
    const hit = held.map.get(key);
    if (hit !== undefined) {
      // Most recently used last: the oldest is the first key.
      held.map.delete(key);
      held.map.set(key, hit);
      return hit.answer;
    }
    const answer = compute();
    const bytes = key.length * 2 + this.sizeOf(answer) + 64;
    if (bytes > this.maxBytes) return answer; // too large to keep at all
    while (held.bytes + bytes > this.maxBytes && held.map.size) {
      const [oldest, entry] = held.map.entries().next().value!;
      held.map.delete(oldest);
      held.bytes -= entry.bytes;
    }
    held.map.set(key, { answer, bytes });
    held.bytes += bytes;
    return answer;
  }

  /** Bytes held for a copy (tests). */
  bytes(store: LocalStore): number {
    return this.byStore.get(store)?.bytes ?? 0;
  }
}
