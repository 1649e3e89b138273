import { useMemo } from 'react';
import type { ColumnFilter, LocalSort } from '../../shared';
import { asBridgeError } from '../bridge/call';
import { useLocalAggregates } from '../data/localCopy';
import { toList } from '../nav/paths';
import { sumsOf } from '../rules/home';
import { figureInputOf } from '../rules/related';
import { FigureCard } from './FigureCard';

/** One figure: what the copy counts (and sums), and the list its link opens, with exactly these filters. */
export interface FigureSpec {
  key: string;
  label: string;
  area: string;
  filters: readonly ColumnFilter[];
  sum?: string | undefined;
  sort?: LocalSort[] | undefined;
}

export type FiguresState = 'loading' | 'done' | 'error';
type Result = { isSuccess: boolean; isError: boolean };
/** A section's state from its queries: `done` once every figure is on screen (tests wait for it). */
export const stateOf = (rs: readonly Result[]): FiguresState => (rs.some((r) => r.isError) ? 'error' : rs.every((r) => r.isSuccess) ? 'done' : 'loading');

/** Figures side by side (home sections, a customer's totals), each counted by the local copy. */
export function useFigureGrid(figures: readonly FigureSpec[], zone: string): { state: FiguresState; grid: React.ReactNode } {
  const inputs = useMemo(() => figures.map((f) => figureInputOf(f, zone)), [figures, zone]);
  const results = useLocalAggregates(inputs);
  const grid = (
    <div className="figures">
      {figures.map((f, i) => {
        const r = results[i]!;
        const g = r.data?.groups[0];
        return (
          <FigureCard
            key={f.key} id={f.key} label={f.label} count={r.data ? (g?.count ?? 0) : null} {...(f.sum ? { money: sumsOf(g, f.sum) } : {})}
            link={toList(f.area, { filters: [...f.filters], sort: f.sort ?? [] })} error={r.error ? asBridgeError(r.error).message : null}
          />
        );
      })}
    </div>
  );
  return { state: stateOf(results), grid };
}
