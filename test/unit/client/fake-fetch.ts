import { vi } from 'vitest';

/** One request the fake saw, with headers lower-cased. */
export interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Step = Response | 'reset' | 'refused' | 'hang' | ((seen: Seen) => Response);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
export const ok = (data: unknown, request_id = 'req_ok') => json(200, { data, request_id });
export const page = (data: unknown[], next: string | null, request_id = 'req_page') =>
  json(200, { data, page: { has_more: next !== null, next_cursor: next }, request_id });
export const apiError = (status: number, code: string, type: string, request_id = 'req_err', headers: Record<string, string> = {}) =>
  json(status, { error: { type, code, message: `server says ${code}` }, request_id }, headers);

const fetchFailed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });

/**
 * A fetch that answers from a script of steps, one per request, and records each request.
 * `hang` never answers but honours the abort signal, like a real fetch.
 */
export function scriptedFetch(...steps: Step[]) {
  const seen: Seen[] = [];
  const fn = vi.fn(async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => { headers[k] = v; });
    const raw = init?.body;
    const record: Seen = { url: String(input), method: init?.method ?? 'GET', headers, body: typeof raw === 'string' ? JSON.parse(raw) : undefined };
    seen.push(record);
    const step = steps.shift();
    if (step === undefined) throw new Error(`unexpected request ${record.method} ${record.url}`);
    if (step === 'reset') throw fetchFailed('ECONNRESET');
    if (step === 'refused') throw fetchFailed('ECONNREFUSED');
    if (step === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
      });
    }
    return typeof step === 'function' ? step(record) : step;
  });
  return { fetch: fn as unknown as typeof fetch, seen, calls: () => fn.mock.calls.length };
}

/** A sleep that records the waits and returns at once. */
export function recordingSleep() {
  const waits: number[] = [];
  const sleep = async (ms: number) => { waits.push(ms); };
  return { sleep, waits };
}
