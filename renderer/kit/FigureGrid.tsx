import { useMemo } from 'react';
import type { ColumnFilter, LocalOwedBasis, LocalSort } from '../../shared';
import { asBridgeError } from '../bridge/call';
import { useLocalAggregates } from '../data/localCopy';
import { toList } from '../nav/paths';
import { sumsOf } from '../rules/home';
import { figureInputOf } from '../rules/related';
import { useT } from '../i18n';
import { FigureCard } from './FigureCard';

/** One figure: what the copy counts (and sums), and the list its link opens, with exactly these filters. */
export interface FigureSpec {
  key: string;
  label: string;
  area: string;
  filters: readonly ColumnFilter[];
  sum?: string | undefined;
  /** The sum is what is still owed (resources/homeTypes.ts FigureSpec.owed). */
  owed?: boolean | undefined;
  sort?: LocalSort[] | undefined;
}

export type FiguresState = 'loading' | 'done' | 'error';
type Result = { isSuccess: boolean; isError: boolean };
/** A section's state from its queries: `done` once every figure is on screen (tests wait for it). */
export const stateOf = (rs: readonly Result[]): FiguresState => (rs.some((r) => r.isError) ? 'error' : rs.every((r) => r.isSuccess) ? 'done' : 'loading');

/** What the grid's owed figures hold: balances, the totals and why, or nothing owed asked. */
export type GridOwed = LocalOwedBasis | null;

/**
 * Figures side by side (home sections, a customer's totals), each counted by the local copy. A figure
 * asking what is owed that the copy answers with totals (the key cannot read payments) says so.
 */
export function useFigureGrid(figures: readonly FigureSpec[], zone: string): { state: FiguresState; grid: React.ReactNode; owed: GridOwed } {
  const { t } = useT();
  const inputs = useMemo(() => figures.map((f) => figureInputOf(f, zone)), [figures, zone]);
  const results = useLocalAggregates(inputs);
  const bases = results.map((r) => r.data?.owed ?? null);
  const grid = (
    <div className="figures">
      {figures.map((f, i) => {
        const r = results[i]!;
        const g = r.data?.groups[0];
        const basis = bases[i];
        return (
          <FigureCard
            key={f.key} id={f.key} label={f.label} count={r.data ? (g?.count ?? 0) : null} {...(f.sum ? { money: sumsOf(g, f.sum) } : {})}
            {...(basis ? { basis: basis.basis, ...(basis.basis === 'total' ? { hint: t(`owed.hint.${basis.why}`) } : {}) } : {})}
            link={toList(f.area, { filters: [...f.filters], sort: f.sort ?? [] })} error={r.error ? asBridgeError(r.error).message : null}
          />
        );
      })}
    </div>
  );
  // Totals where any figure holds them (one reason is enough to say), else balances.
  const owed = bases.find((b) => b?.basis === 'total') ?? bases.find((b) => b !== null) ?? null;
  return { state: stateOf(results), grid, owed };
}

/** A section's note, and where its owed sums are the totals, why (`owed-note`). */
export function NoteWithOwed({ note, owed }: { note: React.ReactNode; owed: GridOwed | undefined }): React.ReactNode {
  const { t } = useT();
  if (owed?.basis !== 'total') return note;
  return <>{note}{note ? ' ' : null}<strong className="owed-note" data-testid="owed-note" data-why={owed.why}>{t(`owed.note.${owed.why}`)}</strong></>;
}
