import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '../../../shared';
import { buildKeyRing, hashSecret, KEY_NAMES } from '../../../electron/sandbox/keys';
import { serveDemo } from '../../../electron/sandbox/demo-child';
import type { FromChild } from '../../../electron/sandbox/demo-protocol';
import type { RunningSandbox, SandboxOptions } from '../../../electron/sandbox';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');

describe('sandbox keys: seeded for tests and tools, per launch for the app', () => {
  it('a seed gives the same well-formed keys every time; another seed other keys', () => {
    const a = buildKeyRing(1, NOW);
    expect(buildKeyRing(1, NOW).keys).toEqual(a.keys);
    expect(buildKeyRing(2, NOW).keys.owner).not.toBe(a.keys.owner);
    for (const name of KEY_NAMES) expect(API_KEY_PATTERN.test(a.keys[name]), name).toBe(true);
  });

  it('per-launch keys are new at each start, well formed, and recorded only as hashes', () => {
    const first = buildKeyRing('per-launch', NOW);
    const second = buildKeyRing('per-launch', NOW);
    for (const name of KEY_NAMES) {
      expect(API_KEY_PATTERN.test(first.keys[name]), name).toBe(true);
      expect(first.keys[name]).not.toBe(second.keys[name]);
    }
    expect(Object.values(first.keys)).not.toContain(buildKeyRing(1, NOW).keys.owner);
    const owner = API_KEY_PATTERN.exec(first.keys.owner)!;
    const record = first.records.get(owner[2]!)!;
    expect(record.secretHash).toBe(hashSecret(owner[3]!));
    expect(JSON.stringify([...first.records.values()].map((r) => ({ ...r, permissions: [...r.permissions] })))).not.toContain(owner[3]);
  });
});

describe('documents_clerk', () => {
  it('is a business A key with exactly business, documents read and write, customers and products read', () => {
    const ring = buildKeyRing(1, NOW);
    const clerk = [...ring.records.values()].find((r) => r.name === 'documents_clerk')!;
    expect(clerk.business).toBe('A');
    expect([...clerk.permissions].sort()).toEqual(['business:read', 'customers:read', 'documents:read', 'documents:write', 'products:read']);
    expect(ring.keys.documents_clerk.startsWith('bo_test_')).toBe(true);
  });
});

describe('the demo child (utility process entry)', () => {
  function child(start: (o: SandboxOptions) => Promise<RunningSandbox>) {
    const said: FromChild[] = [];
    const exits: number[] = [];
    let deliver: (e: { data: unknown }) => void = () => {};
    serveDemo({ on: (_e, l) => { deliver = l; }, postMessage: (m) => said.push(m) }, (c) => exits.push(c), start);
    return { said, exits, send: (data: unknown) => deliver({ data }) };
  }
  const tick = () => new Promise((r) => setTimeout(r, 10));
  const fake = (): RunningSandbox => ({ baseUrl: 'http://127.0.0.1:4567/v1', keys: { owner: 'bo_test_0123456789ab_AbCdEfGhIjKlMnOpQrStUvWxYz012345' } as RunningSandbox['keys'], close: async () => {}, reset: async () => {}, setNetwork: () => {}, setPermissions: () => {} });

  it('starts the sandbox on loopback with per-launch keys and answers with its address and owner key', async () => {
    const asked: SandboxOptions[] = [];
    const c = child(async (o) => { asked.push(o); return fake(); });
    c.send({ type: 'start', dataFile: '/data/demo.json' });
    c.send({ type: 'start', dataFile: '/data/demo.json' });
    await tick();
    expect(asked).toEqual([{ host: '127.0.0.1', port: 0, dataFile: '/data/demo.json', perLaunchKeys: true }]);
    expect(c.said).toEqual([
      { type: 'ready', baseUrl: 'http://127.0.0.1:4567/v1', ownerKey: fake().keys.owner },
      { type: 'ready', baseUrl: 'http://127.0.0.1:4567/v1', ownerKey: fake().keys.owner },
    ]);
    c.send({ type: 'reset', id: 7 });
    c.send({ type: 'stop' });
    await tick();
    expect(c.said.at(-1)).toEqual({ type: 'reset_done', id: 7 });
    expect(c.exits).toEqual([0]);
  });

  it('ignores anything outside the protocol, and says a reset before start failed', async () => {
    let started = 0;
    const c = child(async () => { started += 1; return fake(); });
    for (const junk of [null, 'start', { type: 'start' }, { type: 'start', dataFile: '' }, { type: 'eval', code: 'x' }, { type: 'reset', id: -1 }]) c.send(junk);
    c.send({ type: 'reset', id: 1 });
    await tick();
    expect(started).toBe(0);
    expect(c.said).toEqual([{ type: 'failed', message: 'the demo sandbox is not running' }]);
  });
});
