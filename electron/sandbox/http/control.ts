import { PERMISSIONS, leadDetailsSchema, uuid } from '../../../shared';
import { SandboxError, notFound } from '../errors';
import { completeLeadDraft } from '../handlers/sales';
import { pickShape } from '../handlers/project';
import { PDF_PATH_PREFIX } from '../pdf-links';
import type { RowOf } from '../store/state';
import { BUSINESS_KEYS } from '../store/state';
import { authenticate, type Services } from './dispatch';
import type { Outcome } from './dispatch';
import { FAULTS } from './limits';
import { z } from 'zod';

const faultsBody = z.strictObject({ writes: z.array(z.enum(FAULTS)).min(1).max(100) });

/** Sandbox-only routes outside /v1 (documented in electron/sandbox/README.md). */
export const CONTROL_PREFIX = '/_sandbox';

const asLeadDetails = pickShape(leadDetailsSchema);
const ok = (status: number, data: unknown, wrote: boolean): Outcome => ({ status, body: { data }, headers: {}, wrote });

/**
 * GET    /_sandbox/lead-drafts                   drafts of the key's business
 * POST   /_sandbox/lead-drafts/{draftId}/complete the application saves the intake: a lead with a new id
 * DELETE /_sandbox/lead-drafts/{draftId}          the application discards the intake
 * POST   /_sandbox/reset                          restores the seed (every business)
 * POST   /_sandbox/faults {"writes": [...]}      the next writes meet these faults, in order (tests)
 * Same authentication as /v1, and the key must hold every permission (an owner key).
 */
export async function control(s: Services, method: string, path: string, authorization: string | undefined, address: string, reset: () => Promise<void>, body?: unknown): Promise<Outcome> {
  const { key, biz } = authenticate(s, authorization, address);
  if (!PERMISSIONS.every((p) => key.permissions.has(p))) {
    throw new SandboxError('insufficient_permission', 'Sandbox control routes need an owner key (every permission).');
  }
  const rest = path.slice(CONTROL_PREFIX.length);
  const nowIso = s.clock().toISOString();
  if (rest === '/reset') {
    if (method !== 'POST') throw new SandboxError('method_not_allowed', undefined, { Allow: 'POST' });
    await reset();
    return ok(201, { reset: true }, true);
  }
  if (rest === '/faults') {
    if (method !== 'POST') throw new SandboxError('method_not_allowed', undefined, { Allow: 'POST' });
    const parsed = faultsBody.safeParse(body);
    if (!parsed.success) throw new SandboxError('invalid_body', `writes: a list of ${FAULTS.join(', ')}`);
    return ok(201, { queued: s.faults.push(parsed.data.writes) }, false);
  }
  if (rest === '/lead-drafts') {
    if (method !== 'GET' && method !== 'HEAD') throw new SandboxError('method_not_allowed', undefined, { Allow: 'GET, HEAD' });
    return ok(200, [...biz.leadDrafts.values()].map((d) => ({ id: d.id, status: d.status, created_at: d.created_at, intake: d.intake })), false);
  }
  const m = /^\/lead-drafts\/([^/]+)(\/complete)?$/.exec(rest);
  if (!m) throw notFound();
  if (!uuid.safeParse(m[1]).success) throw new SandboxError('invalid_filter', 'draftId: must be a UUID');
  const draftId = m[1]!.toLowerCase();
  if (m[2]) {
    if (method !== 'POST') throw new SandboxError('method_not_allowed', undefined, { Allow: 'POST' });
    const lead: RowOf<'leads'> = completeLeadDraft(biz, draftId, nowIso);
    return ok(201, asLeadDetails(lead), true);
  }
  if (method !== 'DELETE') throw new SandboxError('method_not_allowed', undefined, { Allow: 'DELETE' });
  if (!biz.leadDrafts.delete(draftId)) throw notFound('lead draft');
  return ok(200, { deleted: true }, true);
}

/** Finds a document in any business for a signed PDF link (the signature already proves access). */
export function findDocumentForPdf(s: Services, docId: string) {
  for (const k of BUSINESS_KEYS) {
    const b = s.state().businesses[k];
    const doc = b.tables.documents.get(docId);
    if (doc) return { doc, business: b.business };
  }
  return undefined;
}

export const pdfDocIdOf = (path: string): string => decodeURIComponent(path.slice(PDF_PATH_PREFIX.length));
