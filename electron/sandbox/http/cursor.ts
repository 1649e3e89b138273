import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { invalidFilter } from '../errors';

/** Position of the last row of a page: both ordering values (spec section 8). */
export interface CursorPosition { key: string; id: string }

/** What a cursor is bound to: the collection (route and business) and the filters. */
export function cursorBinding(parts: readonly (string | undefined)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** Opaque, HMAC-signed: base64url(JSON) "." signature. */
export class CursorCodec {
  constructor(private readonly secret: string) {}

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url').slice(0, 27);
  }

  encode(pos: CursorPosition, binding: string): string {
    const body = b64(JSON.stringify({ k: pos.key, i: pos.id, b: binding }));
    return `${body}.${this.sign(body)}`;
  }

  /** 400 invalid_filter for malformed, tampered, foreign or mismatched cursors. */
  decode(cursor: string, binding: string): CursorPosition {
    const bad = invalidFilter('cursor is invalid; use page.next_cursor from the same collection and filters');
    const [body, sig, extra] = cursor.split('.');
    if (!body || !sig || extra !== undefined) throw bad;
    const expected = this.sign(body);
    if (sig.length !== expected.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) throw bad;
    let parsed: unknown;
    try { parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')); } catch { throw bad; }
    if (typeof parsed !== 'object' || parsed === null) throw bad;
    const { k, i, b } = parsed as Record<string, unknown>;
    if (typeof k !== 'string' || typeof i !== 'string' || typeof b !== 'string') throw bad;
    if (b !== binding) throw invalidFilter('cursor belongs to another collection or other filters');
    return { key: k, id: i };
  }
}
