import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_AREA_KEYS, type LocalAreaStatus } from '../../../../shared';
import { Runner } from '../../../../electron/core/local/runner';
import { migrate } from '../../../../electron/core/local/schema';
import { openSql } from '../../../../electron/core/local/sql';
import { LocalStore } from '../../../../electron/core/local/store';
import type { AreaSync, OnProgress } from '../../../../electron/core/local/sync';

let store: LocalStore;
beforeEach(() => {
  const db = openSql({ path: ':memory:', key: null });
  migrate(db);
  store = new LocalStore(db);
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

/** A fill of `pages` pages of the first area, one every `everyMs` by the runner's clock, and what main was told. */
async function fill(pages: number, everyMs: number, pauseAfter = 0) {
  const area = LOCAL_AREA_KEYS[0];
  let mono = 0;
  const said: LocalAreaStatus[] = [];
  const sync = {
    fill: async (a: string, _signal: AbortSignal, onProgress: OnProgress) => {
      if (a !== area) return;
      for (let p = 1; p <= pages; p++) {
        mono += everyMs;
        vi.advanceTimersByTime(everyMs);
        onProgress({ pages: p, records: p * 100 });
      }
      // The area's end (ordinals, ranks, indexes): the last page's progress is told while it runs.
      if (pauseAfter) { mono += pauseAfter; await vi.advanceTimersByTimeAsync(pauseAfter); }
    },
    cycle: async () => [], checkDeletions: async () => 0,
  } as unknown as AreaSync;
  const hooks = { status: (s: LocalAreaStatus) => { if (s.area === area) said.push(structuredClone(s)); }, changed: () => {}, rebound: () => {} };
  const runner = new Runner(store, sync, () => new Date(), hooks, async () => 'biz', () => mono);
  await runner.run(new AbortController().signal, { deletions: false, retryDenied: false, bind: false, keyChanged: false });
  return said;
}

describe("a walk's progress told to main", () => {
  it("goes out at most every 100 ms while pages come every 5 ms, and the area's states as they change", async () => {
    const said = await fill(200, 5);
    const walking = said.filter((s) => s.progress);
    // 200 pages over 1 s: about one in twenty, never one per page.
    expect(walking.length).toBeGreaterThanOrEqual(9);
    expect(walking.length).toBeLessThanOrEqual(12);
    // The area's start was just told: its first progress comes within 100 ms.
    expect(walking[0]!.progress!.pages).toBeLessThanOrEqual(20);
    expect(walking.map((s) => s.progress!.pages)).toEqual([...walking.map((s) => s.progress!.pages)].sort((a, b) => a - b));
    expect(said[0]!.state).toBe('filling');
    expect(said.at(-1)!.state).not.toBe('filling');
  });

  it("tells the last page's progress after a pause, while the area's end still runs", async () => {
    const said = await fill(30, 5, 500);
    expect(said.filter((s) => s.progress).at(-1)!.progress).toEqual({ pages: 30, records: 3_000 });
  });

  it('tells every page when pages are 100 ms apart or more', async () => {
    const said = await fill(8, 120);
    expect(said.filter((s) => s.progress).map((s) => s.progress!.pages)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
