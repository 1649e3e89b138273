/**
 * Cursor pagination as a stack: index 0 is the first page (no cursor); each "next" pushes
 * the page's next_cursor, "previous" steps back. The API has no backward cursor (spec 8).
 */
export interface PagerState {
  cursors: (string | undefined)[];
  index: number;
}

export const firstPage = (): PagerState => ({ cursors: [undefined], index: 0 });
export const currentCursor = (p: PagerState): string | undefined => p.cursors[p.index];

export function nextPage(p: PagerState, nextCursor: string | null | undefined): PagerState {
  if (!nextCursor) return p;
  // Drop any forward history: it was computed from the same cursor, so keep it only if it matches.
  const cursors = p.cursors.slice(0, p.index + 1);
  cursors.push(nextCursor);
  return { cursors, index: p.index + 1 };
}

export function previousPage(p: PagerState): PagerState {
  return p.index === 0 ? p : { cursors: p.cursors, index: p.index - 1 };
}

export const canGoBack = (p: PagerState) => p.index > 0;
