import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PDF_LINK_TTL_SECONDS } from '../../shared';

export const PDF_PATH_PREFIX = '/files/pdf/';

/** Short-lived HMAC-signed PDF links on the sandbox host, outside /v1. */
export class PdfLinks {
  private readonly secret = randomBytes(32);
  origin = '';

  private sign(docId: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${docId}.${exp}`).digest('base64url');
  }

  create(docId: string, nowMs: number): { url: string; expires_at: string } {
    const exp = Math.floor(nowMs / 1000) + PDF_LINK_TTL_SECONDS;
    const url = `${this.origin}${PDF_PATH_PREFIX}${docId}?exp=${exp}&sig=${this.sign(docId, exp)}`;
    return { url, expires_at: new Date(exp * 1000).toISOString() };
  }

  /** 'ok', 'expired' or 'invalid' (tampered, missing parts). */
  verify(docId: string, expText: string | null, sig: string | null, nowMs: number): 'ok' | 'expired' | 'invalid' {
    if (!expText || !sig || !/^\d{1,12}$/.test(expText)) return 'invalid';
    const exp = Number(expText);
    const expected = this.sign(docId, exp);
    if (sig.length !== expected.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) return 'invalid';
    return nowMs < exp * 1000 ? 'ok' : 'expired';
  }
}
