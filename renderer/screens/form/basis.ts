import { createContext, useContext } from 'react';

type Rec = Record<string, unknown>;

/**
 * The records a form's revisions came from, as the user saw them: the record it opened on and every
 * record picked since. A stale revision is explained against these (what changed since).
 */
export class Basis {
  private readonly rows = new Map<string, Rec>();
  constructor(seen: readonly Rec[] = []) { for (const r of seen) this.remember(r); }
  remember(row: Rec | null | undefined): void { if (row && typeof row.id === 'string') this.rows.set(row.id, row); }
  get(id: string): Rec | undefined { return this.rows.get(id); }
}

export const BasisContext = createContext<Basis | null>(null);
export const useBasis = () => useContext(BasisContext);
