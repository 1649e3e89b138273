import { useEffect, useRef, useState } from 'react';
import { tableViews } from '../../data/savedViews';
import { useGo } from '../../nav/links';
import { useDrawerId, useLinkViewText } from '../../nav/location';
import { toDrawer, toList } from '../../nav/paths';
import { parseLinkView, withLinkView } from '../../rules/localTable';
import { loadTableState, type TableState } from '../../rules/tableStore';
import type { FieldSpec } from '../../resources/types';

/**
 * A list's state: this visit's, else the view kept for the profile; a link that carries a view (a
 * home figure) applies it over that, from the first render on (no query for the old filters). The
 * view then leaves the address, so Back and a reload show the table as it is, not the link again.
 */
export function useListState(area: string, columns: readonly FieldSpec[]): [TableState, React.Dispatch<React.SetStateAction<TableState>>] {
  const text = useLinkViewText();
  const drawerId = useDrawerId();
  const go = useGo();
  const keys = columns.map((c) => c.key);
  const applied = useRef<string | null>(text);
  const [state, setState] = useState<TableState>(() => {
    const kept = loadTableState(area, tableViews(area)?.current);
    const view = text ? parseLinkView(text) : null;
    return view ? withLinkView(kept, view, keys) : kept;
  });
  useEffect(() => {
    if (!text) { applied.current = null; return; }
    // A second link while the list is open (another figure of the same area).
    if (applied.current !== text) {
      const view = parseLinkView(text);
      if (view) setState((s) => withLinkView(s, view, keys));
    }
    applied.current = text;
    go(drawerId ? toDrawer(area, drawerId) : toList(area), { replace: true });
    // Only a new link text acts; the columns and drawer are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return [state, setState];
}
