import { ApiClient, ApiError, type ApiClientOptions } from '../../../electron/client';
import { recordingSleep, scriptedFetch, type Step } from './fake-fetch';

export const KEY = 'bo_test_0123456789ab_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
export const BASE = 'https://api.example.test/v1';

/** A client over a scripted fetch, with a sleep that records waits and mid-range jitter. */
export function harness(steps: Step[], extra: Partial<ApiClientOptions> = {}) {
  const f = scriptedFetch(...steps);
  const s = recordingSleep();
  const client = new ApiClient({ baseUrl: BASE, apiKey: KEY, fetch: f.fetch, sleep: s.sleep, random: () => 0.5, ...extra });
  return { client, seen: f.seen, calls: f.calls, waits: s.waits };
}

/** The ApiError a promise rejects with (fails the test when it resolves or throws something else). */
export async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw new Error(`expected an ApiError, got ${String(e)}`);
  }
  throw new Error('expected a rejection, the call succeeded');
}
