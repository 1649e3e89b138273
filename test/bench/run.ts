/**
 * `npm run bench`: every figure of issue 9 in one run (plus the earlier sandbox and client
 * benchmarks), a markdown summary (figure, median, p95, samples, target, met), then one JSON line.
 * Not part of `npm test`. Progress goes to stderr; stdout carries the summary and the JSON line.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { ROOT } from '../harness/launch';
import { benchClient } from './client.bench';
import { benchExport } from './export.bench';
import { benchExportMemory } from './export-memory.bench';
import { benchRenderer } from './renderer';
import { jsonLine, markdown, type Figure } from './report';
import { benchSandbox } from './sandbox.bench';
import { benchLocal } from './local.bench';
import { benchOutbox } from './outbox.bench';
import { benchLocalScale } from './local-scale.bench';
import { calibrated, calibrationFigure, nodeCalibrationMs } from './calibration';
import { benchWorkViews } from './work-views.bench';

/** The issue's table, in its order, then the bridge hop; baselines follow. */
const ORDER = [
  'table_paint_ms', 'table_paint_100_ms', 'first_visit_ms', 'row_render_ms', 'page_size_change_ms', 'renderer_initial_js_gzip_kb',
  'client_overhead_ratio', 'scroll_p95_frame_ms', 'form_submit_ms', 'sandbox_vs_node_http_ratio', 'bridge_hop_ms',
  'local_query_100k_ms', 'local_first_sort_100k_ms', 'main_stall_fill_100k_ms', 'main_stall_first_sort_ms', 'main_stall_deletions_ms', 'main_stall_home_ms',
  'local_db_vs_json_ratio', 'local_fill_100k_peak_rss_mb', 'local_fill_10k_vs_floor', 'local_sync_nochange_requests', 'local_db_mb_per_10k', 'export_10k_vs_floor',
  'home_first_paint_ms', 'customer_page_paint_ms', 'customer_page_again_paint_ms', 'customer_page_cached_paint_ms',
];
const rank = (f: Figure) => (ORDER.includes(f.key) ? ORDER.indexOf(f.key) : ORDER.length);

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}

const started = performance.now();
const step = (name: string) => process.stderr.write(`bench: ${name} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);

// BENCH_ONLY=sandbox,client,export,workViews,form,... runs just those parts (see renderer/index.ts for the renderer's names).
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];
const runs = (part: string) => only.length === 0 || only.includes(part);
const figures: Figure[] = [];
// Node-side timings, each also as a multiple of a fixed workload measured in this run (issue 21).
const nodeFigures: Figure[] = [];
step('node calibration');
const calMs = nodeCalibrationMs();
if (runs('sandbox')) {
  step('sandbox');
  nodeFigures.push(...await benchSandbox());
}
if (runs('client')) {
  step('client');
  nodeFigures.push(...await benchClient());
}
if (runs('export')) {
  step('export of 10,000 rows');
  nodeFigures.push(...await benchExport());
}
if (runs('local')) {
  step('local copy: fills of 10,000 and 100,000 records, queries');
  nodeFigures.push(...await benchLocal());
}
if (runs('outbox')) {
  step('outbox: 500 changes made offline, replayed');
  nodeFigures.push(...await benchOutbox());
}
if (runs('localScale')) {
  step('local copy of 30,000, 100,000 and 300,000 documents: fills, size, queries, the home screen');
  nodeFigures.push(...await benchLocalScale());
}
if (runs('export') || runs('exportMemory')) {
  step('main\'s memory during an XLSX export of 100,000 rows');
  figures.push(...await benchExportMemory());
}
figures.push(...nodeFigures, calibrationFigure((calMs + nodeCalibrationMs()) / 2), ...calibrated(nodeFigures, calMs));
if (runs('workViews')) {
  step('work views on the local copy, 100,000 documents');
  figures.push(...await benchWorkViews());
}
step('renderer (builds out/renderer first when stale)');
const renderer = await benchRenderer();
figures.push(...renderer.figures);
figures.sort((a, b) => rank(a) - rank(b));

const dirty = git(['status', '--porcelain', '--', 'renderer', 'shared']).split('\n').filter(Boolean).length;
const header = [
  `Commit ${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ` with ${dirty} uncommitted change(s) under renderer/ and shared/` : ''}; ` +
  `Node ${process.version}, Chromium ${renderer.browserVersion ?? '?'} headless, ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ` +
  `run took ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  'Medians unless said otherwise, in the harness (test/harness/launch.ts: the built renderer in Chromium, window.bridge wired to the real core over a loopback WebSocket). ' +
  'Every figure that crosses the bridge includes that hop (`bridge_hop_ms`), which Electron\'s IPC pays in its own way.',
];
console.log(markdown(figures, header));
console.log('');
console.log(jsonLine(figures));
// Everything is reported; a handle some part left open (a worker, a socket) must not keep the run alive.
process.exit(0);
