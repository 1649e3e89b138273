import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { LOCAL_QUERY_LIMITS, type ColumnFilter } from '../../../shared';
import { useLocalAllRows, useLocalQueries } from '../../data/localCopy';
import { useT } from '../../i18n';
import { FieldValue, cellClassOf } from '../../kit/FieldValue';
import { getPath, labelKeyOf } from '../../lib/format';
import type { Today } from '../../lib/useToday';
import { ScreenLink, useGo } from '../../nav/links';
import { toList, toRecord } from '../../nav/paths';
import { recordsInputsOf, throughInputOf, SHOWN, type Party } from '../../rules/related';
import { isNumericKind, type RelatedRecords as Spec } from '../../resources/types';
import { RelatedFrame } from './RelatedFrame';
import { stateOf } from '../../kit/FigureGrid';

/** The ids of the records reached through another area's rows (a supplier's expense payments). */
function useThrough(spec: Spec, party: Party, zone: string) {
  const via = spec.through;
  const input = useMemo(() => throughInputOf(spec, party, zone), [spec, party, zone]);
  const q = useLocalAllRows(input, via !== undefined);
  const ids = useMemo(() => (q.data && via ? [...new Set(q.data.rows.flatMap(via.ids))] : null), [q.data, via]);
  return { q, ids };
}

/**
 * The records of another area that name this one, the first few in the declared order (open ones
 * first), each opening its record, and a link to the list of them all.
 */
export function RelatedRecords({ spec, party, now }: { spec: Spec; party: Party; now: Today }) {
  const { t, dyn, lang } = useT();
  const go = useGo();
  const through = useThrough(spec, party, now.zone);
  // What keeps this record's rows: the party column, or (through another area) their ids, at most a list link's worth.
  const base: ColumnFilter[] | null = spec.through
    ? (through.ids ? [{ column: 'id', op: 'in', values: through.ids.slice(0, LOCAL_QUERY_LIMITS.inValues) }] : null)
    : [party(spec.by)];
  const inputs = useMemo(
    () => (base ? recordsInputsOf(spec, base, now.zone, lang) : []),
    // `base` is rebuilt every render: its text says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(base), spec, now.zone, lang],
  );
  const results = useLocalQueries(inputs);
  const empty = spec.through !== undefined && through.ids !== null && through.ids.length === 0;
  const rows = results.flatMap((r) => r.data?.rows ?? []).slice(0, spec.limit ?? SHOWN);
  const total = results.reduce((n, r) => n + (r.data?.total ?? 0), 0);
  const state = empty ? 'done' : spec.through && !through.ids ? (through.q.isError ? 'error' : 'loading') : stateOf(results);
  const headingId = `related-${spec.key}`;
  const link = base ? toList(spec.area, { filters: base, sort: spec.sort }) : null;
  return (
    <RelatedFrame spec={spec} state={state}>
      {state === 'done' && (rows.length === 0 || empty) ? (
        <Text size="sm" c="dimmed" data-testid="related-none">{t('related.none')}</Text>
      ) : rows.length > 0 && (
        <div className="list-scroll">
          <table className="list-table sub-table" aria-labelledby={headingId} data-testid={`related-table-${spec.key}`} data-total={total}>
            <thead>
              <tr>{spec.columns.map((c) => <th key={c.key} scope="col" className={isNumericKind(c.kind) ? 'end' : undefined}>{dyn('fields', labelKeyOf(c))}</th>)}</tr>
            </thead>
            <tbody>
              {rows.map((r, i) => {
                const rid = String(getPath(r, 'id'));
                const open = () => go(toRecord(spec.area, rid));
                return (
                  <tr key={rid} data-id={rid} data-stripe={i % 2 === 0 || undefined} tabIndex={0} className="clickable-row" onClick={open} onKeyDown={(e) => { if (e.key === 'Enter') open(); }}>
                    {spec.columns.map((c) => <td key={c.key} className={cellClassOf(c.kind)}><FieldValue spec={c} row={r} withCopy={false} names /></td>)}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {link && total > 0 && (
        <ScreenLink screen={link} size="sm" data-testid={`related-all-${spec.key}`}>
          {t('related.all', { count: total, area: dyn('areas', spec.area) })}
        </ScreenLink>
      )}
    </RelatedFrame>
  );
}
