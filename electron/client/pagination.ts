import { ApiError } from './errors';
import type { CallResult } from './types';

/** Fetches one page; `cursor` undefined means the first page. */
export type PageFetcher<T> = (cursor: string | undefined) => Promise<CallResult<T[]>>;

const cancelled = () => new ApiError({ kind: 'cancelled', message: 'The listing was cancelled.' });

/**
 * Walks a collection page by page, sending the exact `page.next_cursor` each time (spec 8).
 * Stops after a page with `has_more: false`. A page that claims more without a cursor, or a
 * cursor that repeats, is a broken answer: it ends the walk rather than looping forever.
 */
export async function* walkPages<T>(fetchPage: PageFetcher<T>, startCursor?: string, signal?: AbortSignal): AsyncGenerator<CallResult<T[]>, void, undefined> {
  const seen = new Set<string>();
  let cursor = startCursor;
  for (;;) {
    if (signal?.aborted) throw cancelled();
    const page = await fetchPage(cursor);
    yield page;
    const info = page.page;
    if (!info?.has_more) return;
    const next = info.next_cursor;
    if (!next || seen.has(next) || next === cursor) {
      throw new ApiError({
        kind: 'invalid_response',
        status: page.status,
        request_id: page.request_id,
        message: next ? 'The API returned the same page cursor twice.' : 'The API said there are more pages but gave no cursor.',
      });
    }
    seen.add(next);
    cursor = next;
  }
}

/** The items of every page, in order. */
export async function* walkItems<T>(pages: AsyncIterable<CallResult<T[]>>, signal?: AbortSignal): AsyncGenerator<T, void, undefined> {
  for await (const page of pages) {
    for (const item of page.data) {
      if (signal?.aborted) throw cancelled();
      yield item;
    }
  }
}
