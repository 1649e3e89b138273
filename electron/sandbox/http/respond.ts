import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SandboxError, invalidBody } from '../errors';

export const newRequestId = () => `req_${randomBytes(12).toString('hex')}`;
/** Largest accepted body; attachments travel base64-encoded inside JSON. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  requestId: string;
  head: boolean;
}

export function sendJson(x: Exchange, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): void {
  if (x.res.headersSent || x.res.destroyed) return;
  const text = JSON.stringify({ ...body, request_id: x.requestId });
  x.res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Request-ID': x.requestId,
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  x.res.end(x.head ? undefined : text);
}

export function sendError(x: Exchange, err: SandboxError): void {
  sendJson(x, err.status, { error: { type: err.type, code: err.code, message: err.message } }, err.headers);
}

/** Reads the body as text; refuses bodies over MAX_BODY_BYTES. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) tooBig = true;
      else chunks.push(c);
    });
    req.on('end', () => (tooBig ? reject(invalidBody('The body is too large.')) : resolve(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/** JSON object sent as application/json, or undefined for an empty body; anything else is 400 invalid_body. */
export function parseJsonObject(text: string, contentType: string | undefined): Record<string, unknown> | undefined {
  if (text.trim() === '') return undefined;
  if (!contentType || !JSON_MEDIA_TYPE.test(contentType)) throw invalidBody('Send the body as JSON with Content-Type: application/json.');
  let v: unknown;
  try { v = JSON.parse(text); } catch { throw invalidBody('The body is not valid JSON.'); }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalidBody('The body must be a JSON object.');
  return v as Record<string, unknown>;
}

/** Key order does not change a body's identity. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** A body's identity for idempotency: the hash of its canonical JSON. */
export const bodyFingerprint = (body: unknown): string => createHash('sha256').update(canonicalJson(body ?? {})).digest('hex');
