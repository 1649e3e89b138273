import type { LocalStore } from './store';

/** Most answers kept per copy; past this the oldest goes first. */
export const ANSWERS_MAX = 500;

/**
 * Answers computed from one copy (aggregates), keyed by the question and the area's generation: any
 * change of the area's records (a sync cycle that wrote, an own write, a deletion) bumps it, so a
 * stale answer is never found again. A forgotten copy or another profile is another LocalStore, and
 * so another cache. A fresh window then gets the home figures without scanning 100,000 rows again.
 */
export class Answers<T> {
  private readonly byStore = new WeakMap<LocalStore, Map<string, T>>();

  constructor(private readonly max = ANSWERS_MAX) {}

  /** The answer held for `question` on the area as it is now, else `compute()`'s (then held). */
  get(store: LocalStore, area: string, question: string, compute: () => T): T {
    let held = this.byStore.get(store);
    if (!held) { held = new Map(); this.byStore.set(store, held); }
    const key = `${area}|${store.generation(area)}|${question}`;
    const hit = held.get(key);
    if (hit !== undefined) {
      // Most recently used last: the oldest is the first key.
      held.delete(key);
      held.set(key, hit);
      return hit;
    }
    const answer = compute();
    if (held.size >= this.max) held.delete(held.keys().next().value!);
    held.set(key, answer);
    return answer;
  }
}
