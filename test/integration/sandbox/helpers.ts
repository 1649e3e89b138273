import { ApiClient, ApiError } from '../../../electron/client';
import { startSandbox, type SandboxOptions } from '../../../electron/sandbox';
import type { SandboxKeys } from '../../../electron/sandbox';

/** A clock after the seed's epoch that ticks 1 ms per reading and can jump ahead. */
export function testClock(startIso = '2026-11-02T08:00:00.000Z') {
  let now = Date.parse(startIso);
  const clock = () => new Date(now++);
  return Object.assign(clock, { advance: (ms: number) => { now += ms; } });
}

export interface TestSandbox {
  baseUrl: string;
  origin: string;
  keys: SandboxKeys;
  clock: ReturnType<typeof testClock>;
  close(): Promise<void>;
  reset(): Promise<void>;
  client(key?: keyof SandboxKeys | string): ApiClient;
  raw(key: keyof SandboxKeys | string | null, method: string, path: string, init?: RawInit): Promise<RawResponse>;
}

export interface RawInit { query?: Record<string, string>; body?: unknown; bodyText?: string; headers?: Record<string, string> }
export interface RawResponse { status: number; headers: Headers; json: Record<string, unknown> & { request_id?: string } ; text: string }

/** Starts a sandbox for one test file: no rate limit unless asked, a test clock. */
export async function openSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const clock = testClock();
  const s = await startSandbox({ rateLimit: 0, clock, ...options });
  const keyText = (k: string) => (k in s.keys ? s.keys[k as keyof SandboxKeys] : k);
  return {
    baseUrl: s.baseUrl,
    origin: new URL(s.baseUrl).origin,
    keys: s.keys,
    clock,
    close: () => s.close(),
    reset: () => s.reset(),
    client: (key = 'owner') => new ApiClient({ baseUrl: s.baseUrl, apiKey: keyText(key), retry: { maxRetries: 0 } }),
    raw: async (key, method, path, init = {}) => {
      const url = new URL(path.startsWith('/_sandbox') || path.startsWith('/files') ? new URL(s.baseUrl).origin + path : s.baseUrl + path);
      for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.append(k, v);
      const headers: Record<string, string> = { ...init.headers };
      if (key !== null) headers.Authorization = `Bearer ${keyText(key)}`;
      let body: string | undefined = init.bodyText;
      if (body !== undefined) headers['Content-Type'] ??= 'application/json';
      if (init.body !== undefined) { body = JSON.stringify(init.body); headers['Content-Type'] = 'application/json'; }
      const r = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await r.text();
      let json: Record<string, unknown> = {};
      try { json = text ? (JSON.parse(text) as Record<string, unknown>) : {}; } catch { json = {}; }
      return { status: r.status, headers: r.headers, json, text };
    },
  };
}

/** The ApiError a call rejects with (fails the test when it resolves). */
export async function apiError(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

export const errorCode = (r: RawResponse): string | undefined => (r.json.error as { code?: string } | undefined)?.code;
export const idemKey = (label: string) => `test-${label}-${Math.random().toString(36).slice(2).padEnd(12, 'x')}`.slice(0, 60);
