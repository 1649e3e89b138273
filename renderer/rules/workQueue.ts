/**
 * The order of a work queue and the next item in it. An item leaves the queue once it is done (an
 * approved expense), so the next one is found from the order the user was working through.
 */
type Row = Record<string, unknown>;

/** Oldest first (by the date named, then creation, then id): the order a bookkeeper works through. */
export function queueOrder(rows: readonly Row[], dateKey: string): Row[] {
  const key = (r: Row) => `${String(r[dateKey] ?? '')}|${String(r.created_at ?? '')}|${String(r.id ?? '')}`;
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * The id to go to after `current`: the next one in the queue; for an item no longer in it, the first
 * one after it in the order seen before that is still waiting; else the first waiting (never itself).
 */
export function nextInQueue(current: string, queue: readonly string[], seenBefore: readonly string[]): string | null {
  const i = queue.indexOf(current);
  if (i >= 0) return queue[i + 1] ?? queue.find((id) => id !== current) ?? null;
  const waiting = new Set(queue);
  const p = seenBefore.indexOf(current);
  if (p >= 0) {
    const after = seenBefore.slice(p + 1).find((id) => waiting.has(id));
    if (after) return after;
  }
  return queue[0] ?? null;
}
