import { describe, expect, it } from 'vitest';
import { BASE_URL_MESSAGES, baseUrlProblem, isLoopbackHost, OPERATIONS } from '../../../shared';
import { validatePdfLink } from '../../../electron/core/pdf-link';
import { makeCore, newProfile } from './fixtures';

describe('where a key may be sent (shared/base-url.ts)', () => {
  it('https anywhere; http only on this computer', () => {
    for (const ok of ['https://api.example.com/v1', 'https://api.example.com:8443/v1/', 'http://localhost:4010/v1', 'http://127.0.0.1:4010/v1', 'http://[::1]:4010/v1']) {
      expect(baseUrlProblem(ok), ok).toBeNull();
    }
    for (const insecure of ['http://api.example.com/v1', 'http://10.0.0.5/v1', 'http://127.0.0.1.nip.io/v1', 'http://localhost.evil.example/v1', 'http://0.0.0.0:4010/v1']) {
      expect(baseUrlProblem(insecure), insecure).toBe('insecure');
    }
  });

  it('no other schemes, no credentials, and the path ends in /v1', () => {
    expect(baseUrlProblem('ftp://api.example.com/v1')).toBe('not_a_url');
    expect(baseUrlProblem('file:///v1')).toBe('not_a_url');
    expect(baseUrlProblem('api.example.com/v1')).toBe('not_a_url');
    expect(baseUrlProblem('https://user:pw@api.example.com/v1')).toBe('credentials');
    expect(baseUrlProblem('https://api.example.com/v2')).toBe('no_version');
    expect(baseUrlProblem('https://api.example.com/v1?x=1')).toBe('no_version');
    expect(baseUrlProblem('https://api.example.com/v1#frag')).toBe('no_version');
  });

  it('is the same loopback rule the PDF links use', () => {
    expect(['localhost', '127.0.0.1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(isLoopbackHost('127.0.0.2')).toBe(false);
    expect(validatePdfLink('http://127.0.0.1:4010/v1/pdf/a', 'http://127.0.0.1:4010/v1').protocol).toBe('http:');
  });

  it('the bridge contract refuses a cleartext base URL with the rule in words, before any key is read', async () => {
    const shape = OPERATIONS['profiles.add'].input.shape.base_url;
    expect(shape.safeParse('http://api.example.com/v1').error?.issues[0]?.message).toBe(BASE_URL_MESSAGES.insecure);
    const t = makeCore();
    t.host.clipboard = 'bo_test_0123456789ab_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    for (const base_url of ['http://api.example.com/v1', 'https://u:p@api.example.com/v1']) {
      const r = await t.call('profiles.add', { ...newProfile(), base_url, key: { source: 'clipboard' } });
      expect(r.ok ? null : r.error.field_errors).toEqual([{ path: 'base_url', message: base_url.startsWith('http:') ? BASE_URL_MESSAGES.insecure : BASE_URL_MESSAGES.credentials }]);
    }
    expect(t.host.keyQuestions).toEqual([]);
    expect(t.core.profiles.list().profiles).toEqual([]);
    const local = await t.call('profiles.add', { ...newProfile(), base_url: 'http://127.0.0.1:4010/v1' });
    expect(local.ok).toBe(true);
  });
});
