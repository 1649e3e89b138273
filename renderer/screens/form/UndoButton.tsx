import { Button, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useWrite } from '../../data/useWrite';
import { notify } from '../../kit/notify';
import type { ActionSpec, ResourceDecl, WriteRouteId } from '../../resources/types';

type Rec = Record<string, unknown>;

export interface Undo {
  route: WriteRouteId;
  area: string;
  id: string;
  /** What puts the record back as it was (its status before); none for a route without a body (reopen). */
  body?: Rec | undefined;
  /** The record's name, for the notice and the activity log. */
  name: string;
  /** The action's key, for the activity log. */
  action: string;
  /** Areas the write changes besides its own. */
  affects?: readonly string[];
}

/**
 * "Undo" in the notice of a change that can be taken back (a lead moved on the board, a status set):
 * the same write with what the record had before, through the one write path. Its own component, so
 * it works from the notice after the screen that made the change has gone.
 */
export function UndoButton({ undo, done }: { undo: Undo; done: string }) {
  const { t } = useT();
  const w = useWrite({ route: undo.route, area: undo.area, id: undo.id, params: { id: undo.id }, name: undo.name, action: undo.action, ...(undo.affects ? { affects: undo.affects } : {}) });
  const run = async () => {
    try {
      const r = await w.submit(undo.body);
      notify({ title: done, message: undo.name, requestId: r.request_id || undefined });
    } catch {
      /* said below */
    }
  };
  return (
    <>
      <Button size="compact-sm" variant="light" leftSection={<IconArrowBackUp size={14} aria-hidden className="flip-rtl" />} onClick={() => void run()} loading={w.pending} data-testid="undo">
        {t('undo.button')}
      </Button>
      {(w.error || w.uncertain) && <Text size="xs" c="red" role="alert" data-testid="undo-problem">{w.error?.message ?? t('undo.unknown')}</Text>}
    </>
  );
}

/**
 * The Undo a notice offers after an action its declaration says can be taken back (ActionSpec.undo),
 * for the record as it was before; nothing when it cannot be (a lost lead whose reason is not known).
 */
export function undoOf(decl: ResourceDecl, action: ActionSpec | undefined, id: string, before: Rec, name: string): Undo | null {
  const undo = action?.undo;
  if (!undo) return null;
  const body = undo.body ? undo.body(before) : undefined;
  if (body === null) return null;
  return { route: undo.route, area: decl.area, id, body, name, action: undo.action, ...(decl.writes?.affects ? { affects: decl.writes.affects } : {}) };
}
