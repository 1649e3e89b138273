import { describe, expect, it } from 'vitest';
import { createRedactingLogger, redactText, redactValue, scrubKnownSecrets } from '../../../electron/core/redact';
import { MemoryLogger } from '../../harness/memory-host';
import { LIVE_KEY, TEST_KEY } from './fixtures';

describe('redact', () => {
  it('removes known secrets, key-shaped strings and bearer credentials', () => {
    expect(redactText(`key=${TEST_KEY}`)).toBe('key=[redacted]');
    expect(redactText('Authorization: Bearer abc.def-123 next')).toBe('[redacted] next');
    expect(redactText('some-opaque-secret-value-1234 here', ['some-opaque-secret-value-1234'])).toBe('[redacted] here');
    expect(redactText('nothing to hide')).toBe('nothing to hide');
  });

  it('catches a known secret of any shape in any letter case and in base64 / base64url', () => {
    const opaque = 'Zk9-opaque.Secret_Value+1234';
    for (const form of [opaque.toUpperCase(), opaque.toLowerCase(), Buffer.from(`u:${opaque}`).toString('base64'), Buffer.from(`${opaque}!`).toString('base64url')]) {
      const out = redactText(`before ${form} after`, [opaque]);
      expect(out, form).toMatch(/^before .*\[redacted\].* after$/);
      expect(out.toLowerCase()).not.toContain(opaque.toLowerCase().slice(2, 14));
    }
  });

  it('catches an unseen bo_ key in upper case, and inside a base64 token', () => {
    expect(redactText(`k=${TEST_KEY.toUpperCase()}`)).toBe('k=[redacted]');
    expect(redactText(`auth=${Buffer.from(`Bearer ${LIVE_KEY}`).toString('base64')};`)).toBe('auth=[redacted];');
    expect(redactText(`blob ${Buffer.from(`{"key":"${TEST_KEY}"}`).toString('base64url')}`)).toBe('blob [redacted]');
    // Ordinary long tokens stay.
    const uuid = '0b6f0b7e-8a3c-4c71-9d7e-3c1f6b2a9e10';
    expect(redactText(`id ${uuid}`)).toBe(`id ${uuid}`);
  });

  it('walks objects, arrays and errors, and blanks sensitive field names', () => {
    const out = redactValue({ headers: { Authorization: 'anything' }, list: [LIVE_KEY], err: new Error(`bad ${TEST_KEY}`), n: 3 });
    expect(out).toEqual({ headers: { Authorization: '[redacted]' }, list: ['[redacted]'], err: { name: 'Error', message: 'bad [redacted]' }, n: 3 });
  });

  it('survives cycles', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(redactValue(a)).toEqual({ name: 'a', self: '[truncated]' });
  });

  it('wraps a logger so messages and fields are scrubbed', () => {
    const inner = new MemoryLogger();
    const log = createRedactingLogger(inner, () => ['opaque-secret-0123456789']);
    log.warn(`failed with ${TEST_KEY}`, { detail: 'opaque-secret-0123456789', apiKey: 'x' });
    expect(inner.lines).toEqual([{ level: 'warn', msg: 'failed with [redacted]', fields: { detail: '[redacted]', apiKey: '[redacted]' } }]);
  });

  it('scrubs reply data of known secrets in every form, copying only what changed', () => {
    const page = { data: [{ id: 'a', name: 'Short', note: `echo ${TEST_KEY.toUpperCase()} end` }, { id: 'b', tags: ['x', Buffer.from(`k=${TEST_KEY}`).toString('base64')] }], request_id: 'req_1' };
    const out = scrubKnownSecrets(page, [TEST_KEY]) as typeof page;
    expect(out.data[0]?.note).toBe('echo [redacted] end');
    expect((out.data[1] as { tags: string[] }).tags[1]).toContain('[redacted]');
    expect(out.data[0]?.name).toBe('Short');
    expect(page.data[0]?.note).toContain(TEST_KEY.toUpperCase()); // the input is not changed
    // Nothing to hide: the same objects come back, not copies.
    const clean = { data: [{ id: 'c', name: 'A name as long as a key, or even longer than one of them' }], request_id: 'req_2' };
    expect(scrubKnownSecrets(clean, [TEST_KEY])).toBe(clean);
    expect(scrubKnownSecrets(clean, [])).toBe(clean);
  });
});

