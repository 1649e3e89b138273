import { describe, expect, it } from 'vitest';
import { toLocalFilter } from '../../renderer/rules/localTable';

describe('a date range on a moment column (created, updated) is the user\'s whole days, as instants', () => {
  it('from the first moment of the "from" day to before the first moment after the "to" day, on the user\'s clock (across a DST change)', () => {
    // Israel moves to summer time on 2026-03-27 at 02:00: that day starts at UTC+2 and the next at UTC+3.
    expect(toLocalFilter('customers', { column: 'created_at', op: 'range', from: '2026-03-27', to: '2026-03-27' }, 'Asia/Jerusalem'))
      .toEqual({ column: 'created_at', op: 'range', gte: '2026-03-26T22:00:00.000Z', lt: '2026-03-27T21:00:00.000Z' });
    expect(toLocalFilter('customers', { column: 'updated_at', op: 'range', from: '2026-01-10', to: '' }, 'America/New_York'))
      .toEqual({ column: 'updated_at', op: 'range', gte: '2026-01-10T05:00:00.000Z' });
    expect(toLocalFilter('customers', { column: 'updated_at', op: 'range', from: '', to: '2026-07-31' }, 'UTC'))
      .toEqual({ column: 'updated_at', op: 'range', lt: '2026-08-01T00:00:00.000Z' });
  });

  it('a date column compares days as they are; an empty or malformed range says nothing', () => {
    expect(toLocalFilter('documents', { column: 'issue_date', op: 'range', from: '2026-03-27', to: '2026-03-28' }, 'Asia/Jerusalem'))
      .toEqual({ column: 'issue_date', op: 'range', gte: '2026-03-27', lte: '2026-03-28' });
    expect(toLocalFilter('customers', { column: 'created_at', op: 'range', from: '', to: '' }, 'UTC')).toBeNull();
    expect(toLocalFilter('customers', { column: 'created_at', op: 'range', from: '27/03/2026', to: '2026-3-28' }, 'UTC')).toBeNull();
  });
});
