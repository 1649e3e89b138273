import { describe, expect, it } from 'vitest';
import { auditVerdict } from '../../../scripts/audit-report';

const counts = (c: Partial<Record<'info' | 'low' | 'moderate' | 'high' | 'critical', number>>) => ({ info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...c });
const report = (vulnerabilities: Record<string, { severity: string }>, c: ReturnType<typeof counts>) =>
  JSON.stringify({ auditReportVersion: 2, vulnerabilities, metadata: { vulnerabilities: { ...c, total: 0 }, dependencies: {} } });

describe('the CI audit of runtime dependencies', () => {
  it('passes a clean report and one with only low or moderate advisories, saying what it found', () => {
    expect(auditVerdict(report({}, counts({})))).toEqual({ ok: true, message: 'runtime dependencies: 0 info, 0 low, 0 moderate, 0 high, 0 critical' });
    expect(auditVerdict(report({ dayjs: { severity: 'moderate' } }, counts({ moderate: 1 }))).ok).toBe(true);
  });

  it('fails on a high or critical advisory, naming the packages', () => {
    const v = auditVerdict(report({ zod: { severity: 'high' }, dayjs: { severity: 'low' }, pdfkit: { severity: 'critical' } }, counts({ low: 1, high: 1, critical: 1 })));
    expect(v.ok).toBe(false);
    expect(v.message).toContain('zod, pdfkit');
  });

  it('says plainly when the advisory service cannot be reached, and passes (nothing could be checked)', () => {
    const v = auditVerdict(JSON.stringify({ message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405 }));
    expect(v).toEqual({ ok: true, message: expect.stringContaining('could not be reached') });
  });

  it('fails on output it cannot read', () => {
    expect(auditVerdict('not json').ok).toBe(false);
    expect(auditVerdict('{"auditReportVersion": 2}').ok).toBe(false);
  });
});
