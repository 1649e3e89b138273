import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_LINK_TTL_SECONDS } from '../../../shared';
import { KEY_NAMES, type SeenRequest } from '../../../electron/sandbox';
import { errorCode, idemKey, openSandbox, type TestSandbox } from './helpers';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'sandbox-test-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('rate limit and faults', () => {
  it('429 with Retry-After: 1 per key and client address', async () => {
    const sb = await openSandbox({ rateLimit: 3 });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 8; i++) {
      const r = await sb.raw('owner', 'GET', '/business');
      statuses.push(r.status);
      if (r.status === 429) { retryAfter = r.headers.get('retry-after'); expect(errorCode(r)).toBe('rate_limit_exceeded'); }
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses).toContain(429);
    expect(retryAfter).toBe('1');
    expect((await sb.raw('readonly', 'GET', '/business')).status).toBe(200);
    await sb.close();
  });

  it('fault injection: 503 with Retry-After: 5, 429 with Retry-After: 1, 500 before or after a write, and a reset after a committed write', async () => {
    // Pairs of rolls: (fault? < 0.5, which kind): GET 503, GET 429, POST 500, POST applied then 500, POST applied then reset; then no faults.
    const rolls = [0, 0.1, 0, 0.5, 0, 0.5, 0, 0.7, 0, 0.9];
    let i = 0;
    const seen: string[] = [];
    const sb = await openSandbox({ faultRate: 0.5, random: () => (i < rolls.length ? rolls[i++]! : 0.9), onFault: (f, m) => seen.push(`${m} ${f}`) });
    const unavailable = await sb.raw('owner', 'GET', '/business');
    expect([unavailable.status, errorCode(unavailable), unavailable.headers.get('retry-after')]).toEqual([503, 'service_unavailable', '5']);
    const limited = await sb.raw('owner', 'GET', '/business');
    expect([limited.status, errorCode(limited), limited.headers.get('retry-after')]).toEqual([429, 'rate_limit_exceeded', '1']);
    const internal = await sb.raw('owner', 'POST', '/tags', { body: { name: 'never' } });
    expect([internal.status, errorCode(internal)]).toEqual([500, 'internal_error']);
    const late = await sb.raw('owner', 'POST', '/tags', { body: { name: 'committed-then-500' } });
    expect([late.status, errorCode(late)]).toEqual([500, 'internal_error']);
    await expect(sb.raw('owner', 'POST', '/tags', { body: { name: 'committed-then-reset' } })).rejects.toThrow();
    const tags = (await sb.client().call('tags.list', { query: { search: 'committed-then', limit: 10 } })).data;
    expect(tags.map((t) => t.name).sort()).toEqual(['committed-then-500', 'committed-then-reset']);
    expect((await sb.client().call('tags.list', { query: { search: 'never', limit: 10 } })).data).toEqual([]);
    expect(seen).toEqual(['GET unavailable', 'GET rate_limited', 'POST internal', 'POST internal_after_commit', 'POST reset_after_commit']);
    await sb.close();
  });

  it('a fault after commit also strikes a replayed answer (Idempotency-Key), and not an answer that applied nothing; each request is told as it came to', async () => {
    const told: SeenRequest[] = [];
    const sb = await openSandbox({ onRequest: (r) => told.push(r) });
    const key = idemKey('replay');
    const body = { name: `Replay ${key}` };
    const headers = { 'Idempotency-Key': key };
    expect((await sb.raw('owner', 'POST', '/expense-categories', { body, headers })).status).toBe(201);
    await sb.raw('owner', 'POST', '/_sandbox/faults', { body: { writes: ['internal_after_commit', 'reset_after_commit', 'internal_after_commit'] } });
    expect((await sb.raw('owner', 'POST', '/expense-categories', { body, headers })).status).toBe(500);
    await expect(sb.raw('owner', 'POST', '/expense-categories', { body, headers })).rejects.toThrow();
    // A refused write (409: the key with another body) is answered as it is.
    const refused = await sb.raw('owner', 'POST', '/expense-categories', { body: { name: 'other' }, headers });
    expect([refused.status, errorCode(refused)]).toEqual([409, 'idempotency_key_reused']);
    const replay = await sb.raw('owner', 'POST', '/expense-categories', { body, headers });
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    // What reached the service, control requests aside: one write applied, the rest its stored answer or refused.
    expect(told.map((r) => [r.method, r.path, r.idempotencyKey, r.status, r.applied, r.replayed, r.fault])).toEqual([
      ['POST', '/expense-categories', key, 201, true, false, 'none'],
      ['POST', '/expense-categories', key, 500, false, true, 'internal_after_commit'],
      ['POST', '/expense-categories', key, null, false, true, 'reset_after_commit'],
      // The fault drawn for it strikes only a successful answer.
      ['POST', '/expense-categories', key, 409, false, false, 'none'],
      ['POST', '/expense-categories', key, 201, false, true, 'none'],
    ]);
    await sb.close();
  });
});

describe('persistence and reset', () => {
  it('--data keeps writes across restarts (atomic file), reset restores the seed', async () => {
    const file = join(dir, 'state.json');
    const a = await openSandbox({ dataFile: file });
    const tag = (await a.client().call('tags.create', { body: { name: 'persisted' } })).data;
    await a.close();
    const saved = JSON.parse(await readFile(file, 'utf8')) as { format: string };
    expect(saved.format).toBe('bizops-sandbox-state');
    const b = await openSandbox({ dataFile: file });
    expect((await b.client().call('tags.get', { params: { id: tag.id } })).data.name).toBe('persisted');
    const ctl = await b.raw('owner', 'POST', '/_sandbox/reset');
    expect(ctl.status).toBe(201);
    expect((await b.raw('owner', 'GET', `/tags/${tag.id}`)).status).toBe(404);
    await b.close();
    const c = await openSandbox({ dataFile: file });
    expect((await c.raw('owner', 'GET', `/tags/${tag.id}`)).status).toBe(404);
    await c.close();
  });
});

describe('PDF links', () => {
  let sb: TestSandbox;
  beforeAll(async () => { sb = await openSandbox(); });
  afterAll(async () => { await sb.close(); });

  it('serve a real PDF; tampered or expired links get 403; pdf_available false gives 404', async () => {
    const docs = (await sb.client().call('documents.list', { query: { limit: 50 } })).data;
    const doc = docs.find((d) => d.pdf_available)!;
    const link = (await sb.client().call('documents.pdf', { params: { id: doc.id } })).data;
    const issuedAt = sb.clock().getTime();
    expect(Date.parse(link.expires_at) - issuedAt).toBeGreaterThan((PDF_LINK_TTL_SECONDS - 2) * 1000);
    const pdf = await fetch(link.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // The signature's first character changed (to another one: a signature may start with 'A').
    const tampered = await fetch(link.url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`));
    expect(tampered.status).toBe(403);
    const otherDoc = await fetch(link.url.replace(doc.id, docs.find((d) => d.id !== doc.id)!.id));
    expect(otherDoc.status).toBe(403);
    sb.clock.advance((PDF_LINK_TTL_SECONDS + 1) * 1000);
    const expired = await fetch(link.url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { error: { code: string } }).error.code).toBe('pdf_link_expired');
    const noPdf = docs.find((d) => !d.pdf_available);
    if (noPdf) expect((await sb.raw('owner', 'GET', `/documents/${noPdf.id}/pdf`)).status).toBe(404);
  });
});

describe('CLI', () => {
  it('prints one ready line with base_url and the named keys, writes --keys-out, exits on SIGTERM', async () => {
    const keysOut = join(dir, 'keys.json');
    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', '--port', '0', '--seed', '3', '--keys-out', keysOut, '--rate-limit', '100'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const line = await new Promise<string>((resolve, reject) => {
      let buf = '';
      child.stdout.on('data', (d: Buffer) => { buf += d.toString(); if (buf.includes('\n')) resolve(buf.split('\n')[0]!); });
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const ready = JSON.parse(line) as { base_url: string; keys: Record<string, string> };
    expect(ready.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(Object.keys(ready.keys)).toEqual([...KEY_NAMES]);
    expect(JSON.parse(await readFile(keysOut, 'utf8'))).toEqual(ready);
    const r = await fetch(`${ready.base_url}/business`, { headers: { Authorization: `Bearer ${ready.keys.owner}`, 'Idempotency-Key': idemKey('cli') } });
    expect(r.status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
