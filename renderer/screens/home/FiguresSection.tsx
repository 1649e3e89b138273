import { useMemo } from 'react';
import { asBridgeError } from '../../bridge/call';
import { useLocalAggregates } from '../../data/localCopy';
import { useT } from '../../i18n';
import { FigureCard } from '../../kit/FigureCard';
import { stateOf, useFigureGrid } from '../../kit/FigureGrid';
import { ScreenButton } from '../../nav/links';
import { toList } from '../../nav/paths';
import { homeReadsOf } from '../../rules/homeReads';
import { STALE_DAYS } from '../../resources/home';
import type { FiguresSection as Figures, GroupedSection } from '../../resources/homeTypes';
import { SectionFrame } from './SectionFrame';
import type { HomeNow } from './useHome';

/** Figures side by side, each counted by the copy with the filters its link opens the list with. */
export function FiguresSection({ section, now }: { section: Figures; now: HomeNow }) {
  const { t } = useT();
  const figures = useMemo(() => section.figures.map((f) => ({
    key: f.key, label: t(`home.figures.${f.key}` as never, { count: STALE_DAYS }), area: f.area, filters: f.filters(now), sum: f.sum, owed: f.owed, sort: f.sort,
  })), [section, now, t]);
  const { state, grid, owed } = useFigureGrid(figures, now.zone);
  return <SectionFrame section={section} state={state} owed={owed}>{grid}</SectionFrame>;
}

/** One figure per value of a column, from one grouped count (a lead pipeline by status). */
export function GroupedFigures({ section, now }: { section: GroupedSection; now: HomeNow }) {
  const { t, dyn } = useT();
  const base = useMemo(() => section.filters(now), [section, now]);
  const inputs = useMemo(() => homeReadsOf(section, now).aggregates, [section, now]);
  const results = useLocalAggregates(inputs);
  const r = results[0]!;
  const counts = new Map((r.data?.groups ?? []).map((g) => [g.key, g.count]));
  const tools = section.board
    ? <ScreenButton screen={toList(section.board)} size="compact-sm" variant="light" data-testid="open-board">{t('home.openBoard')}</ScreenButton>
    : null;
  return (
    <SectionFrame section={section} state={stateOf(results)} tools={tools}>
      <div className="figures">
        {section.values.map((v) => (
          <FigureCard
            key={v} id={`${section.key}-${v}`} label={dyn(section.labels, v)} count={r.data ? (counts.get(v) ?? 0) : null}
            link={toList(section.area, { filters: [...base, { column: section.column, op: 'in', values: [v] }], sort: [] })}
            error={r.error ? asBridgeError(r.error).message : null}
          />
        ))}
      </div>
    </SectionFrame>
  );
}
