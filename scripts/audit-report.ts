/**
 * `npm audit --omit=dev --json | tsx scripts/audit-report.ts` (run by .ci/run): reads npm's audit
 * report of the runtime dependencies and fails on a high or critical advisory. Where the advisory
 * service cannot be reached (a machine without it: npm answers with the HTTP error instead of a
 * report) it says so and passes, since nothing could be checked there.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;
const counts = z.object(Object.fromEntries(SEVERITIES.map((s) => [s, z.number().int().min(0)])) as Record<(typeof SEVERITIES)[number], z.ZodNumber>);
const report = z.object({
  auditReportVersion: z.number(),
  vulnerabilities: z.record(z.string(), z.looseObject({ severity: z.enum(SEVERITIES) })),
  metadata: z.looseObject({ vulnerabilities: counts }),
});
const unreachable = z.looseObject({ statusCode: z.number().optional(), message: z.string() });

export interface AuditVerdict { ok: boolean; message: string }

export function auditVerdict(text: string): AuditVerdict {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'npm audit gave no JSON report.' };
  }
  const r = report.safeParse(json);
  if (r.success) {
    const c = r.data.metadata.vulnerabilities;
    const serious = Object.entries(r.data.vulnerabilities).filter(([, v]) => v.severity === 'high' || v.severity === 'critical').map(([name]) => name);
    const summary = SEVERITIES.map((s) => `${c[s]} ${s}`).join(', ');
    return serious.length > 0
      ? { ok: false, message: `runtime dependencies with high or critical advisories: ${serious.join(', ')} (${summary})` }
      : { ok: true, message: `runtime dependencies: ${summary}` };
  }
  const u = unreachable.safeParse(json);
  if (u.success) return { ok: true, message: `the advisory service could not be reached (${u.data.message}); dependencies were not checked here` };
  return { ok: false, message: 'npm audit gave a report this script does not understand.' };
}

if (process.argv[1]?.endsWith('audit-report.ts')) {
  const verdict = auditVerdict(readFileSync(0, 'utf8'));
  console.log(`npm audit --omit=dev: ${verdict.message}`);
  process.exit(verdict.ok ? 0 : 1);
}
