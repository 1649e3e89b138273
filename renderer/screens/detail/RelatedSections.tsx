import { memo, useMemo } from 'react';
import { Paper, Text } from '@mantine/core';
import { useAreasState, useLocalAggregates, useLocalKept } from '../../data/localCopy';
import { useT } from '../../i18n';
import { FigureCard } from '../../kit/FigureCard';
import { stateOf, useFigureGrid } from '../../kit/FigureGrid';
import { useToday, type Today } from '../../lib/useToday';
import { toList } from '../../nav/paths';
import type { RelatedGrouped, RelatedSpec, RelatedTotals, ResourceDecl } from '../../resources/types';
import { sumsOf } from '../../rules/home';
import { areasOf, groupedInputOf, partyOf, relatedWaitsFor, totalsFiltersOf, type Party } from '../../rules/related';
import { useCanRead } from '../../session/usePermissions';
import { RelatedRecords } from './RelatedRecords';
import { RelatedFrame } from './RelatedFrame';

function Totals({ spec, party, now }: { spec: RelatedTotals; party: Party; now: Today }) {
  const { t } = useT();
  const figures = useMemo(() => spec.figures.map((f) => ({
    key: f.key, label: t(`related.figures.${f.key}` as never), area: f.area, filters: totalsFiltersOf(f, party, now), sum: f.sum, owed: f.owed, sort: f.sort,
  })), [spec, party, now, t]);
  const { state, grid, owed } = useFigureGrid(figures, now.zone);
  return <RelatedFrame spec={spec} state={state} owed={owed}>{grid}</RelatedFrame>;
}

function Grouped({ spec, party, now }: { spec: RelatedGrouped; party: Party; now: Today }) {
  const { dyn } = useT();
  const base = useMemo(() => [party(spec.by)], [party, spec.by]);
  const results = useLocalAggregates(useMemo(() => [groupedInputOf(spec, party, now.zone)], [spec, party, now.zone]));
  const r = results[0]!;
  const groups = new Map((r.data?.groups ?? []).map((g) => [g.key, g]));
  return (
    <RelatedFrame spec={spec} state={stateOf(results)}>
      <div className="figures">
        {spec.values.map((v) => (
          <FigureCard
            key={v} id={`${spec.key}-${v}`} label={dyn('status', v)} count={r.data ? (groups.get(v)?.count ?? 0) : null}
            {...(spec.sum ? { money: sumsOf(groups.get(v), spec.sum) } : {})}
            link={toList(spec.area, { filters: [...base, { column: spec.column, op: 'in', values: [v] }], sort: [] })}
          />
        ))}
      </div>
    </RelatedFrame>
  );
}

function Section({ spec, party, now, waitsFor }: { spec: RelatedSpec; party: Party; now: Today; waitsFor: string[] }) {
  const { t, dyn } = useT();
  const { ready, missing } = useAreasState(waitsFor);
  if (!ready) {
    const read = missing.reduce((n, a) => n + (a.progress?.records ?? a.records), 0);
    return (
      <RelatedFrame spec={spec} state="waiting">
        <Text size="sm" role="status">{t('home.waiting', { areas: waitsFor.map((a) => dyn('areas', a)).join(', '), count: read })}</Text>
      </RelatedFrame>
    );
  }
  if (spec.kind === 'totals') return <Totals spec={spec} party={party} now={now} />;
  if (spec.kind === 'grouped') return <Grouped spec={spec} party={party} now={now} />;
  return <RelatedRecords spec={spec} party={party} now={now} />;
}

/**
 * A record's related sections (a customer's documents, payments, tasks, lead and totals), declared on
 * its area (`detail.related`) and read from the local copy. Areas the key cannot read are left out.
 * They depend on the record's id and name only: its full record replacing the copy's row (or any
 * other change of its fields) does not render them again.
 */
export const RelatedSections = memo(function RelatedSections({ decl, id, name }: { decl: ResourceDecl; id: string; name: string }) {
  const { t } = useT();
  const canRead = useCanRead();
  const status = useLocalKept();
  const now = useToday();
  const party = useMemo(() => partyOf(id, name), [id, name]);
  const specs = (decl.detail.related ?? []).filter((s) => areasOf(s).every(canRead));
  if (specs.length === 0 || !status) return null;
  if (!status.enabled || status.storage === 'none') {
    return <Paper withBorder p="md" data-testid="related-copy-off"><Text size="sm" c="dimmed">{t('related.copyOff')}</Text></Paper>;
  }
  return <>{specs.map((s) => <Section key={s.key} spec={s} party={party} now={now} waitsFor={relatedWaitsFor(s, canRead)} />)}</>;
});
