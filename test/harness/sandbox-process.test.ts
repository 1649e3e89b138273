import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../electron/client';
import { sandboxArgs, startSandboxProcess } from './sandbox-process';

describe('the sandbox in a process of its own (the local copy\'s bench)', () => {
  it('takes the options as the command line\'s flags', () => {
    expect(sandboxArgs({ rateLimit: 0, seed: 3, scale: { documents: 100_000, tasks: 250 } })).toEqual([
      '--host', '127.0.0.1', '--port', '0', '--seed', '3', '--rate-limit', '0', '--scale', 'documents=100000,tasks=250',
    ]);
    expect(sandboxArgs({ latencyMs: 20, faultRate: 0.1, customers: 10_004 })).toEqual([
      '--host', '127.0.0.1', '--port', '0', '--latency-ms', '20', '--fault-rate', '0.1', '--customers', '10004',
    ]);
  });

  it('answers as the sandbox with its scale, is gone once closed, and refuses what only an in-process one can do', async () => {
    await expect(startSandboxProcess({ clock: () => new Date() })).rejects.toThrow(/cannot take clock/);
    const sb = await startSandboxProcess({ rateLimit: 0, scale: { documents: 37 } });
    try {
      const client = new ApiClient({ baseUrl: sb.baseUrl, apiKey: sb.keys.owner, gate: false });
      let n = 0;
      for await (const doc of client.iterate('documents.list', { query: { limit: 100 } })) if (doc.id) n += 1;
      expect(n).toBe(37);
      expect(() => sb.setNetwork({ latencyMs: 5 })).toThrow(/cannot change its network/);
    } finally {
      await sb.close();
    }
    await expect(fetch(`${sb.baseUrl}/business`)).rejects.toThrow();
  }, 30_000);
});
