/**
 * client_overhead_ratio: one 100-row customers page through the core path the renderer uses
 * (router.handle -> ApiSession -> ApiClient -> sandbox), against raw fetch + JSON of the same page
 * from the same sandbox, interleaved in one run; the ratio of the medians.
 */
import type { Core } from '../../electron/core';
import type { Figure } from './report';
import { median, quantile, round, summarize } from './stats';

const WARMUP = 10;
const PAIRS = 40;
const LIMIT = 100;

export interface CorePathTarget {
  core: Core;
  /** The page URL the router accepts as the app's own (the harness origin). */
  sender: string;
  baseUrl: string;
  apiKey: string;
}

export async function benchClientOverhead(t: CorePathTarget): Promise<Figure[]> {
  const headers = { Authorization: `Bearer ${t.apiKey}` };
  const viaCore = async (i: number): Promise<number> => {
    const start = performance.now();
    const r = await t.core.router.handle(t.sender, `bench-core-${i}`, 'api.call', { route: 'customers.list', query: { limit: LIMIT } });
    const ms = performance.now() - start;
    if (!r.ok || (r.data as { data: unknown[] }).data.length !== LIMIT) throw new Error(`the core path did not return ${LIMIT} customers`);
    return ms;
  };
  const viaFetch = async (): Promise<number> => {
    const start = performance.now();
    const res = await fetch(`${t.baseUrl}/customers?limit=${LIMIT}`, { headers });
    const body = (await res.json()) as { data: unknown[] };
    const ms = performance.now() - start;
    if (res.status !== 200 || body.data.length !== LIMIT) throw new Error(`raw fetch did not return ${LIMIT} customers`);
    return ms;
  };
  const core: number[] = [];
  const raw: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < WARMUP + PAIRS; i++) {
    // Alternate which goes first, so neither always meets a warmer server.
    let c: number;
    let r: number;
    if (i % 2 === 0) {
      c = await viaCore(i);
      r = await viaFetch();
    } else {
      r = await viaFetch();
      c = await viaCore(i);
    }
    if (i < WARMUP) continue;
    core.push(c);
    raw.push(r);
    ratios.push(c / r);
  }
  const sc = summarize(core, 2);
  const sr = summarize(raw, 2);
  return [
    { key: 'client_overhead_ratio', label: 'core path vs raw fetch, 100-row list', value: round(median(core) / median(raw), 3), unit: 'x', p95: round(quantile(ratios, 0.95), 3), samples: PAIRS, target: { op: '<=', value: 1.1 },
      note: `median router.handle('api.call', customers.list limit ${LIMIT}) / median fetch + res.json() of /customers?limit=${LIMIT}, same sandbox, ${PAIRS} interleaved pairs after ${WARMUP} (p95 column: p95 of the per-pair ratios; median per-pair ratio ${round(median(ratios), 3)}).` },
    { key: 'core_path_list100_ms', label: 'core path, 100-row list', value: sc.median, unit: 'ms', p95: sc.p95, samples: sc.n, kind: 'baseline' },
    { key: 'raw_fetch_list100_ms', label: 'raw fetch + JSON, 100-row list', value: sr.median, unit: 'ms', p95: sr.p95, samples: sr.n, kind: 'baseline' },
  ];
}
