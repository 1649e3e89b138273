/**
 * Issue 37: the local copy as it grows, 30,000 / 100,000 / 300,000 documents (business A, the rest of
 * the seed as it is), each on a sandbox in its own process: the first fill's time and the file's size
 * against the records' JSON (both should grow no faster than the records), a mix of document queries
 * through the bridge, and the home screen's reads on the copy, with main's longest silence while they
 * run (`main_stall_home_ms`, at 100,000 documents).
 */
import { HOME_ROLES } from '../../renderer/resources/home';
import { homeReadsOf } from '../../renderer/rules/homeReads';
import type { LocalQueryOutput } from '../../shared';
import { startSandboxProcess } from '../harness/sandbox-process';
import { nodeCalibrationMs } from './calibration';
import { appOn, copyBytes, measuredFill, recordsOf, searchWord, stallMeter, timedQueries, type Run } from './local-measure';
import { failed, type Figure } from './report';
import { median, p95, round } from './stats';

const SCALES = [30_000, 100_000, 300_000] as const;
/** The day the home screen is read for (the seed's documents run up to November 2026). */
const NOW = { today: '2026-11-26', zone: 'Asia/Jerusalem' };

const QUERIES = (word: string): [string, unknown][] => [
  ['default order', { area: 'documents', page: { offset: 0, limit: 100 } }],
  ['sort by customer (he)', { area: 'documents', sort: [{ column: 'customer__name', direction: 'asc' }], language: 'he', page: { offset: 0, limit: 100 } }],
  ['sort by total desc, page 50', { area: 'documents', sort: [{ column: 'total_minor', direction: 'desc' }], page: { offset: 5_000, limit: 100 } }],
  ['open, by issue date', { area: 'documents', filters: [{ column: 'status', op: 'equals', value: 'open' }], sort: [{ column: 'issue_date', direction: 'desc' }], page: { offset: 0, limit: 100 } }],
  [`search "${word}" by title`, { area: 'documents', search: word, sort: [{ column: 'title', direction: 'asc' }], language: 'he', page: { offset: 0, limit: 100 } }],
];

/** Every read of the home screen, for the owner (every role), as its sections ask them: aggregates and pages in batches, whole lists page by page. */
async function homeReads(app: Run): Promise<number> {
  const reads = HOME_ROLES.flatMap((r) => r.sections).map((s) => homeReadsOf(s, NOW));
  const batch = [...reads.flatMap((r) => r.aggregates.map((aggregate) => ({ aggregate }))), ...reads.flatMap((r) => r.rows.map((query) => ({ query })))];
  let n = 0;
  for (let i = 0; i < batch.length; i += 64) {
    const r = await app.call('local.readMany', { reads: batch.slice(i, i + 64) });
    if (!r.ok) throw new Error(r.error.message);
    n += 1;
  }
  for (const whole of reads.flatMap((r) => r.allRows)) {
    let after: LocalQueryOutput['next'] = null;
    do {
      const r = await app.call('local.query', { ...whole, page: { after, limit: 500 } });
      if (!r.ok) throw new Error(r.error.message);
      after = (r.data as LocalQueryOutput).next;
      n += 1;
    } while (after);
  }
  return n;
}

/** One first fill, timed: how long, the process's CPU time, and the calibration taken beside it. */
interface Fill { ms: number; cpuMs: number; cal: number }

interface Scale { documents: number; fillMs: number; fills: Fill[]; stallFill: number; peakMb: number; ratio: number; mb: number; records: number; query: number[]; per: string[]; homeMs: number[]; stallHome: number; calls: number }

/** A sandbox of `documents` and the app's first fill of it, timed; the caller closes both. */
async function filled(documents: number) {
  const sb = await startSandboxProcess({ scale: { documents }, rateLimit: 0 }, { belowMain: true });
  // The machine's speed drifts over the minutes between two scales' fills: a calibration beside each says by how much.
  const calBefore = nodeCalibrationMs();
  const app = await appOn(sb);
  const measured = await measuredFill(app).catch(async (err: unknown) => { await app.close(); await sb.close(); throw err; });
  const fill: Fill = { ms: measured.ms, cpuMs: measured.cpuMs, cal: (calBefore + nodeCalibrationMs()) / 2 };
  return { sb, app, fill, stallFill: measured.stall, peak: measured.peak };
}

async function atScale(documents: number): Promise<Scale> {
  const { sb, app, fill, stallFill, peak } = await filled(documents);
  try {
    const one = await app.call('local.query', { area: 'documents', page: { offset: 0, limit: 1 } });
    const title = one.ok ? String((one.data as LocalQueryOutput).rows[0]?.title ?? 'חשבונית') : 'חשבונית';
    const word = searchWord(title);
    const timed = await timedQueries(app, QUERIES(word));
    const homeMs: number[] = [];
    let stallHome = 0;
    let calls = 0;
    // The first round computes every answer; the engine keeps them until the area changes, so later rounds are the hop and the reply.
    for (let i = 0; i < 5; i++) {
      const stall = stallMeter();
      const t = performance.now();
      calls = await homeReads(app);
      homeMs.push(performance.now() - t);
      stallHome = Math.max(stallHome, stall.stop());
    }
    const held = await recordsOf(app);
    const bytes = copyBytes(app);
    return { documents, fillMs: fill.ms, fills: [fill], stallFill, peakMb: peak / 1048576, ratio: bytes / held.jsonBytes, mb: bytes / 1048576, records: held.records, query: timed.all, per: timed.per, homeMs, stallHome, calls };
  } finally {
    await app.close();
    await sb.close();
  }
}

/** Another first fill of the same size, timed only. */
async function fillAgain(documents: number): Promise<Fill> {
  const { sb, app, fill } = await filled(documents);
  await app.close();
  await sb.close();
  return fill;
}

const k = (n: number) => `${n / 1000}k`;

/**
 * Does the fill grow faster than the records? Time per record at 300,000 over the same at 100,000 (1.0: in step with
 * the records), and the same for the process's CPU time per record. Each size is filled twice, 100k and 300k in
 * turn, and each figure takes a size's quicker fill: the machine's load only ever slows one. The calibration
 * taken beside each fill is in the note (it moves with the sandbox's own start, so it divides nothing).
 */
function growthFigures(runs: readonly Scale[]): Figure[] {
  const at = (n: number) => runs.find((s) => s.documents === n);
  const [a, b, c] = [at(30_000), at(100_000), at(300_000)];
  if (!b || !c) return [];
  const wall = (s: Scale) => Math.min(...s.fills.map((f) => f.ms)) / s.documents;
  const cpu = (s: Scale) => Math.min(...s.fills.map((f) => f.cpuMs)) / s.documents;
  const each = (s: Scale, v: (f: Fill) => number) => s.fills.map((f) => round((v(f) / s.documents) * 1000, 0)).join(' and ');
  const per1k = (s: Scale, v: number) => `${k(s.documents)} ${round(v * 1000, 0)} ms`;
  return [
    { key: 'local_docs_fill_growth', label: 'the first fill\'s time per document, 300,000 over 100,000', value: round(wall(c) / wall(b), 3), unit: 'x', target: { op: 'report' }, note: `per 1,000 documents, the quicker fill: ${runs.map((s) => per1k(s, wall(s))).join(' / ')} (each fill: ${runs.map((s) => `${k(s.documents)} ${each(s, (f) => f.ms)} ms, node_cal_ms beside ${s.fills.map((f) => round(f.cal, 2)).join(' and ')}`).join('; ')})${a ? `; 300k over 30k ${round(wall(c) / wall(a), 3)}` : ''}` },
    { key: 'local_docs_fill_cpu_growth', label: 'the CPU time of the app\'s process (main, the engine, its back room) per document filled, 300,000 over 100,000', value: round(cpu(c) / cpu(b), 3), unit: 'x', target: { op: 'report' }, note: `per 1,000 documents, the lesser: ${runs.map((s) => per1k(s, cpu(s))).join(' / ')} (each fill: ${runs.map((s) => `${k(s.documents)} ${each(s, (f) => f.cpuMs)} ms`).join('; ')})${a ? `; 300k over 30k ${round(cpu(c) / cpu(a), 3)}` : ''}` },
  ];
}

export async function benchLocalScale(): Promise<Figure[]> {
  const runs: Scale[] = [];
  try {
    for (const n of SCALES) {
      process.stderr.write(`bench: local copy of ${n.toLocaleString('en')} documents\n`);
      runs.push(await atScale(n));
    }
    for (const s of runs.filter((r) => r.documents >= 100_000)) {
      process.stderr.write(`bench: local copy of ${s.documents.toLocaleString('en')} documents, filled again\n`);
      s.fills.push(await fillAgain(s.documents));
    }
  } catch (err) {
    process.stderr.write(`bench: local scale failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    if (!runs.length) return [failed('main_stall_home_ms', "main's longest silence during the home screen's reads on 100,000 documents", 'ms', err, { op: '<=', value: 16 })];
  }
  const side = (f: (s: Scale) => string) => runs.map((s) => `${k(s.documents)} ${f(s)}`).join(' / ');
  const growth = runs.length > 1 ? `; per 1,000 documents: fill ${side((s) => `${round(s.fillMs / (s.documents / 1000), 0)} ms`)}, file ${side((s) => `${round(s.mb / (s.documents / 1000), 2)} MB`)}` : '';
  const out: Figure[] = [];
  for (const s of runs) {
    const at = k(s.documents);
    out.push(
      { key: `local_docs_${at}_query_ms`, label: `local.query over ${s.documents.toLocaleString('en')} documents (the mix below)`, value: round(median(s.query), 2), p95: round(p95(s.query), 2), samples: s.query.length, unit: 'ms', target: { op: '<=', value: 10, on: 'p95' }, note: `median/p95 per query: ${s.per.join('; ')}` },
      { key: `local_docs_${at}_db_vs_json_ratio`, label: `the copy's file / its records' JSON, ${s.documents.toLocaleString('en')} documents`, value: round(s.ratio, 2), unit: 'x', target: { op: '<=', value: 2 }, note: `${round(s.mb, 1)} MB for ${s.records.toLocaleString('en')} records` },
      { key: `local_docs_${at}_fill_ms`, label: `first fill of ${s.documents.toLocaleString('en')} documents (and every other area), rate limit off`, value: Math.round(s.fillMs), unit: 'ms', target: { op: 'report' }, kind: 'baseline', note: `main's longest silence during it ${round(s.stallFill, 1)} ms; peak memory of the process ${Math.round(s.peakMb)} MB${growth}` },
      { key: `local_docs_${at}_home_ms`, label: `the home screen's reads on ${s.documents.toLocaleString('en')} documents, computed (the first round)`, value: round(s.homeMs[0]!, 1), unit: 'ms', target: { op: 'report' }, kind: 'baseline', note: `${s.calls} bridge calls (readMany batches of the sections' aggregates and pages, whole lists page by page), in a row; the rounds after it, answered from the answers the engine keeps: ${s.homeMs.slice(1).map((m) => Math.round(m)).join('/')} ms; main's longest silence over the rounds ${round(s.stallHome, 1)} ms` },
    );
  }
  out.push(...growthFigures(runs));
  const home = runs.find((s) => s.documents === 100_000);
  if (home) out.push({ key: 'main_stall_home_ms', label: "main's longest silence during the home screen's reads on 100,000 documents", value: round(home.stallHome, 1), unit: 'ms', target: { op: '<=', value: 16 }, note: `the longest gap between two ticks of a 5 ms timer on main's thread over 5 rounds of every home section's reads (${home.calls} bridge calls each; the first round computes them, ${Math.round(home.homeMs[0]!)} ms)` });
  return out;
}

if (process.argv[1]?.endsWith('local-scale.bench.ts')) {
  for (const f of await benchLocalScale()) console.log(JSON.stringify(f));
}
