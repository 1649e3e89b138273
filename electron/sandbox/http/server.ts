import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { RETRY_AFTER_SECONDS } from '../../../shared';
import { SandboxError } from '../errors';
import { PDF_PATH_PREFIX } from '../pdf-links';
import type { RowOf, BusinessState } from '../store/state';
import { CONTROL_PREFIX, control, findDocumentForPdf, pdfDocIdOf } from './control';
import { dispatch, type Outcome, type Services } from './dispatch';
import { AFTER_COMMIT_FAULTS, RateLimiter, pickFault, type Fault } from './limits';
import { newRequestId, readBody, sendError, sendJson, type Exchange } from './respond';

export type RenderPdf = (doc: RowOf<'documents'>, business: BusinessState['business']) => Promise<Buffer>;

/** The network the sandbox pretends to be on; read at every request, so it can change while running. */
export interface NetworkConditions { latencyMs: number; faultRate: number }

export interface ServerOptions {
  services: Services;
  rateLimit: number;
  network: NetworkConditions;
  random: () => number;
  renderPdf: RenderPdf;
  /** Called after every committed write; the answer waits for it (persistence saves the write first). */
  onWrite: () => Promise<void> | void;
  /** Resolves once every write applied so far is saved: a write request that applied nothing (a replay) waits for it. */
  settled: () => Promise<void> | void;
  /** Told of every fault that struck a request (tests count them). */
  onFault?: (fault: Exclude<Fault, 'none'>, method: string, path: string) => void;
  /** Told of every API request once it is answered (or its connection dropped): tests count what reached the service. */
  onRequest?: (seen: SeenRequest) => void;
  reset: () => Promise<void>;
}

/** One API request as the sandbox saw it, and what it came to. */
export interface SeenRequest {
  method: string;
  /** The path below /v1 (/expenses/{id}/approve). */
  path: string;
  idempotencyKey: string | null;
  /** The answer's status; null when the connection was dropped instead (a fault after the write). */
  status: number | null;
  /** Whether this request carried out a write, and whether it was answered with the stored answer of an earlier one with its key. */
  applied: boolean;
  replayed: boolean;
  /** The fault that struck it ('none' when none did). */
  fault: Fault;
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

async function servePdf(o: ServerOptions, x: Exchange, url: URL): Promise<void> {
  const docId = pdfDocIdOf(url.pathname);
  const verdict = o.services.pdfLinks.verify(docId, url.searchParams.get('exp'), url.searchParams.get('sig'), o.services.clock().getTime());
  if (verdict !== 'ok') {
    const message = verdict === 'expired' ? 'The PDF link has expired. Request a new one.' : 'The PDF link is not valid.';
    sendJson(x, 403, { error: { type: 'authorization_error', code: verdict === 'expired' ? 'pdf_link_expired' : 'pdf_link_invalid', message } });
    return;
  }
  const found = findDocumentForPdf(o.services, docId);
  if (!found || !found.doc.pdf_available) throw new SandboxError('resource_not_found');
  const pdf = await o.renderPdf(found.doc, found.business);
  x.res.writeHead(200, {
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.length),
    'Content-Disposition': `inline; filename="${found.doc.document_type.toLowerCase()}-${found.doc.document_number}.pdf"`,
    'Cache-Control': 'no-store',
    'X-Request-ID': x.requestId,
  });
  x.res.end(x.head ? undefined : pdf);
}

/** A control route's JSON body (most take none). */
function parseControlBody(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SandboxError('invalid_body', 'The body is not JSON.');
  }
}

async function handle(o: ServerOptions, limiter: RateLimiter | null, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  const x: Exchange = { req, res, requestId: newRequestId(), head: method === 'HEAD' };
  let seen: SeenRequest | null = null;
  try {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const bodyText = await readBody(req);
    if (o.network.latencyMs > 0) await delay(o.network.latencyMs);
    const address = req.socket.remoteAddress ?? '';
    const authorization = header(req, 'authorization');
    const path = url.pathname;
    if (path.startsWith(PDF_PATH_PREFIX) && (method === 'GET' || method === 'HEAD')) return await servePdf(o, x, url);

    let outcome: Outcome;
    let fault: Fault = 'none';
    if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
      outcome = await control(o.services, method, path, authorization, address, o.reset, parseControlBody(bodyText));
    } else {
      if (path !== '/v1' && !path.startsWith('/v1/')) throw new SandboxError('resource_not_found', 'No route matches this path.');
      seen = { method, path: path.slice(3) || '/', idempotencyKey: header(req, 'idempotency-key') ?? null, status: null, applied: false, replayed: false, fault: 'none' };
      if (limiter && !limiter.take(`${authorization ?? ''}|${address}`)) {
        throw new SandboxError('rate_limit_exceeded', undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS.rate_limit_exceeded) });
      }
      const isWrite = method !== 'GET' && method !== 'HEAD';
      fault = o.services.faults.take(isWrite) ?? pickFault(o.network.faultRate, isWrite, o.random);
      if (fault === 'unavailable' || fault === 'rate_limited' || fault === 'internal') {
        seen.fault = fault;
        o.onFault?.(fault, method, path);
        if (fault === 'internal') throw new SandboxError('internal_error');
        const code = fault === 'unavailable' ? 'service_unavailable' : 'rate_limit_exceeded';
        throw new SandboxError(code, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS[code]) });
      }
      outcome = await dispatch(o.services, {
        method, path: path.slice(3) || '/', search: url.searchParams, authorization,
        idempotencyKey: header(req, 'idempotency-key'), address, bodyText, contentType: header(req, 'content-type'),
      });
    }
    if (seen) Object.assign(seen, { applied: outcome.wrote, replayed: outcome.headers['Idempotent-Replayed'] === 'true' });
    // A replayed answer repeats a write that may still be on its way to disk.
    if (outcome.wrote) await o.onWrite();
    else if (method !== 'GET' && method !== 'HEAD') await o.settled();
    // After the write was applied (or replayed): its answer becomes a 500, or never comes.
    if (fault !== 'none' && AFTER_COMMIT_FAULTS.has(fault) && outcome.status < 300) {
      if (seen) seen.fault = fault;
      o.onFault?.(fault, method, path);
      if (fault === 'internal_after_commit') throw new SandboxError('internal_error');
      req.socket.destroy();
      return;
    }
    sendJson(x, outcome.status, outcome.body, outcome.headers);
  } catch (err) {
    if (err instanceof SandboxError) return sendError(x, err);
    console.error(`[sandbox] ${x.requestId} unexpected failure:`, err instanceof Error ? err.stack ?? err.message : String(err));
    sendError(x, new SandboxError('internal_error'));
  } finally {
    if (seen && o.onRequest) o.onRequest({ ...seen, status: res.headersSent ? res.statusCode : null });
  }
}

export function createSandboxServer(o: ServerOptions): Server {
  const limiter = o.rateLimit > 0 && Number.isFinite(o.rateLimit) ? new RateLimiter(o.rateLimit) : null;
  return createServer((req, res) => { void handle(o, limiter, req, res); });
}
