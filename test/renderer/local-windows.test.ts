import { describe, expect, it } from 'vitest';
import { AHEAD, rowFrom, WINDOW, windowPage, windowsFor } from '../../renderer/rules/localWindows';

/** The rows of one result, as main would answer a window of it. */
const result = Array.from({ length: 1_000 }, (_, i) => ({ id: `r${i}` }));
const answer = (w: number) => { const p = windowPage(w); return { rows: result.slice(p.offset, p.offset + p.limit) }; };

describe('windows of a list on the local copy', () => {
  it('asks for window 0 alone until the virtualiser has reported, and window 0 always', () => {
    expect(windowsFor(0, 0)).toEqual([0]);
    expect(windowsFor(500, 520, 1_000)[0]).toBe(0);
  });

  it('covers every row in view and those just beyond it, and nothing past the last row', () => {
    for (const [start, end] of [[0, 20], [40, 62], [59, 60], [300, 345], [930, 999]] as const) {
      const ws = windowsFor(start, end, result.length);
      const read = new Map(ws.map((w) => [w, answer(w)]));
      for (let i = start; i <= Math.min(end + AHEAD, result.length - 1); i++) expect(rowFrom(read, i), `${start}-${end} row ${i}`).toEqual(result[i]);
      expect(ws.every((w) => w * WINDOW < result.length)).toBe(true);
    }
    // Scrolled to the end of a short result: no window past it.
    expect(windowsFor(0, WINDOW - 5, WINDOW - 1)).toEqual([0]);
  });

  it('rows read window by window while scrolling are the result in order, none missing or repeated', () => {
    const read = new Map<number, { rows: { id: string }[] }>();
    for (let start = 0; start < result.length; start += 17) for (const w of windowsFor(start, start + 20, result.length)) if (!read.has(w)) read.set(w, answer(w));
    expect(Array.from({ length: result.length }, (_, i) => rowFrom(read, i))).toEqual(result);
  });
});
