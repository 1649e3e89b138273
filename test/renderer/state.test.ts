import { describe, expect, it } from 'vitest';
import { listQuerySchema, ROUTES, type BridgeError, type ProfileMeta } from '../../shared';
import { buildListQuery, emptyFilters, filterCaps, onOrAfter } from '../../renderer/rules/filters';
import { canGoBack, currentCursor, firstPage, nextPage, previousPage } from '../../renderer/rules/pager';
import { deniedAreas, explainError } from '../../renderer/rules/access';
import { initialLanguage } from '../../renderer/i18n/lang';
import { formatAmount, formatDate, formatPercent, getPath, labelKeyOf } from '../../renderer/lib/format';

describe('filters derived from the route table', () => {
  it('offer search, status and both dates only where the route accepts them', () => {
    expect(filterCaps('customers.list')).toMatchObject({ search: true, status: true, statuses: ['active', 'inactive'], createdAfter: true, updatedAfter: true });
    expect(filterCaps('payments.list')).toMatchObject({ search: false, status: true, statuses: ['recorded'], updatedAfter: true });
    expect(filterCaps('inventory.movements')).toMatchObject({ search: false, status: true, statuses: ['increase', 'decrease'], createdAfter: true, updatedAfter: false });
    expect(filterCaps('expensePayments.list')).toMatchObject({ search: false, status: false, createdAfter: true, updatedAfter: false });
    expect(filterCaps('tags.list')).toMatchObject({ search: true, status: false });
  });

  it('never send a parameter the route rejects', () => {
    const f = { search: '  chair ', status: 'increase', createdAfter: '2025-01-02', updatedAfter: '2025-02-03' };
    const q = buildListQuery('inventory.movements', f, 50, 'abc', 'Asia/Jerusalem');
    expect(q).toEqual({ limit: 50, cursor: 'abc', status: 'increase', created_after: '2025-01-01T21:59:59.999Z' });
    expect(listQuerySchema(ROUTES['inventory.movements'].list.params, ROUTES['inventory.movements'].list.statuses).safeParse(q).success).toBe(true);
    expect(buildListQuery('customers.list', { ...f, status: 'increase' }, 25, undefined, 'UTC')).toEqual({
      limit: 25, search: 'chair', created_after: '2025-01-01T23:59:59.999Z', updated_after: '2025-02-02T23:59:59.999Z',
    });
    expect(buildListQuery('expensePayments.list', f, 100, undefined, 'Asia/Jerusalem')).toEqual({ limit: 100, created_after: '2025-01-01T21:59:59.999Z' });
  });

  it('send a picked day from its first moment in the user\'s time zone, and a picked time from that minute (the API\'s filter is exclusive)', () => {
    // Israel in winter is UTC+2, in summer UTC+3; DST began on 27 March 2026 at 02:00.
    expect(onOrAfter('2026-01-15', 'Asia/Jerusalem')).toBe('2026-01-14T21:59:59.999Z');
    expect(onOrAfter('2026-07-15', 'Asia/Jerusalem')).toBe('2026-07-14T20:59:59.999Z');
    expect(onOrAfter('2026-03-27', 'Asia/Jerusalem')).toBe('2026-03-26T21:59:59.999Z');
    expect(onOrAfter('2026-03-28', 'Asia/Jerusalem')).toBe('2026-03-27T20:59:59.999Z');
    expect(onOrAfter('2026-07-15T10:30', 'Asia/Jerusalem')).toBe('2026-07-15T07:29:59.999Z');
    expect(onOrAfter('2026-07-15T10:30', 'America/New_York')).toBe('2026-07-15T14:29:59.999Z');
    // A record made in the first minutes of the day, local time, is after the value sent.
    const firstMinutes = Date.parse('2026-01-15T00:10:00+02:00');
    expect(firstMinutes > Date.parse(onOrAfter('2026-01-15', 'Asia/Jerusalem'))).toBe(true);
    expect(Date.parse('2026-01-14T23:59:00+02:00') > Date.parse(onOrAfter('2026-01-15', 'Asia/Jerusalem'))).toBe(false);
  });

  it('build a query every list route accepts from every filter', () => {
    const f = { search: 'x'.repeat(150), status: null, createdAfter: '2025-01-02', updatedAfter: '2025-01-03T08:15' };
    for (const [id, r] of Object.entries(ROUTES)) {
      if (!r.list) continue;
      const q = buildListQuery(id as 'customers.list', { ...f, status: r.list.statuses[0] ?? null }, 25, 'c');
      expect(listQuerySchema(r.list.params, r.list.statuses).safeParse(q).success, id).toBe(true);
    }
    expect(buildListQuery('customers.list', emptyFilters(), 25, undefined)).toEqual({ limit: 25 });
  });
});

describe('cursor pager', () => {
  it('steps forward through next_cursor and back through the stack', () => {
    let p = firstPage();
    expect(currentCursor(p)).toBeUndefined();
    expect(canGoBack(p)).toBe(false);
    p = nextPage(p, 'c2');
    p = nextPage(p, 'c3');
    expect(currentCursor(p)).toBe('c3');
    p = previousPage(p);
    expect(currentCursor(p)).toBe('c2');
    p = nextPage(p, 'c3b');
    expect(p.cursors).toEqual([undefined, 'c2', 'c3b']);
    expect(nextPage(p, null)).toBe(p);
    expect(previousPage(previousPage(previousPage(p))).index).toBe(0);
  });
});

const apiErr = (status: number, code: string): BridgeError => ({ kind: 'api', status, code, message: 'm', request_id: 'req_1' });

describe('access explanations', () => {
  it('name the missing read permission of the area from the route table', () => {
    expect(explainError(apiErr(403, 'insufficient_permission'), 'payments')).toEqual({ kind: 'access', code: 'insufficient_permission', permission: 'payments:read', keyProblem: false });
    expect(explainError(apiErr(403, 'insufficient_permission'), 'imported-expenses')).toMatchObject({ permission: 'expenses:read' });
    expect(explainError(apiErr(403, 'insufficient_permission'), 'sales-agents')).toMatchObject({ permission: 'business:read' });
  });

  it('give each section-5 code its own explanation and treat other errors as plain', () => {
    for (const code of ['missing_api_key', 'invalid_api_key', 'expired_api_key', 'revoked_api_key']) expect(explainError(apiErr(401, code), 'tags')).toMatchObject({ kind: 'access', code, keyProblem: true });
    for (const code of ['api_access_inactive', 'ip_not_allowed']) expect(explainError(apiErr(403, code), 'tags')).toMatchObject({ kind: 'access', code, keyProblem: false, permission: null });
    expect(explainError(apiErr(404, 'resource_not_found'), 'tags')).toEqual({ kind: 'other' });
    expect(explainError({ kind: 'network', message: 'down' }, 'tags')).toEqual({ kind: 'other' });
  });

  const profile = (over: Partial<ProfileMeta>): ProfileMeta => ({
    id: 'p', name: 'n', environment: 'test', base_url: 'http://x/v1', key_last4: 'abcd', status: 'ok', status_code: null,
    business_name: null, permissions_known: [], is_demo: false, session_only: false, ...over,
  });

  it('lock the areas the connection test denied, and areas seen answering 403', () => {
    const denied = deniedAreas(profile({}), { readable: ['business:read', 'customers:read'], denied: ['payments:read', 'expenses:read'] }, new Set(['tags']));
    expect([...denied].sort()).toEqual(['expense-categories', 'expense-payments', 'expenses', 'imported-expenses', 'payments', 'tags']);
  });

  it('treat permissions missing from permissions_known as unknown, not denied', () => {
    expect(deniedAreas(profile({ permissions_known: ['business:read', 'customers:read'] }), null, new Set()).size).toBe(0);
    expect(deniedAreas(profile({ status: 'untested' }), null, new Set()).size).toBe(0);
    // A permission proven since the test (the owner added it) unlocks the area again.
    const later = deniedAreas(profile({ permissions_known: ['payments:read'] }), { readable: [], denied: ['payments:read'] }, new Set());
    expect(later.has('payments')).toBe(false);
  });
});

describe('small helpers', () => {
  it('take ?lang= first, then the saved choice, then English', () => {
    expect(initialLanguage('?lang=he', 'en')).toBe('he');
    expect(initialLanguage('', 'he')).toBe('he');
    expect(initialLanguage('?lang=fr', null)).toBe('en');
  });

  it('format dates without a time-zone shift and money from minor units', () => {
    expect(formatDate('2026-01-31', 'en-US')).toBe('Jan 31, 2026');
    expect(formatAmount(12345, 'ILS', 'en-US')).toBe('₪123.45');
    expect(formatAmount('99.5', 'USD', 'en-US')).toBe('$99.50');
    expect(formatAmount('abc', 'USD', 'en-US')).toBeNull();
    expect(getPath({ customer: { name: 'דנה' } }, 'customer.name')).toBe('דנה');
    expect(getPath({ customer: null }, 'customer.name')).toBeUndefined();
  });

  it('label a field by its own label, else by the last segment of its key', () => {
    expect(labelKeyOf({ key: 'customer.name' })).toBe('name');
    expect(labelKeyOf({ key: 'total_minor' })).toBe('total_minor');
    expect(labelKeyOf({ key: 'customer.name', label: 'customer' })).toBe('customer');
  });
});

describe('percent', () => {
  it('shows a rate given in percent with the locale\'s sign, and refuses what is not a number', () => {
    expect(formatPercent('18', 'en-US')).toBe('18%');
    expect(formatPercent('17.5', 'en-US')).toBe('17.5%');
    expect(formatPercent(0, 'en-US')).toBe('0%');
    expect(formatPercent('18', 'he-IL')).toMatch(/^\u200e?18%$/);
    expect(formatPercent('eighteen', 'en-US')).toBeNull();
    expect(formatPercent(null, 'en-US')).toBeNull();
  });
});
