import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../data/useWrite';
import { qk } from '../../data/queryKeys';
import { useT } from '../../i18n';
import { notify } from '../../kit/notify';
import { declOf, labelOf } from '../../resources/lookup';
import { UndoButton, undoOf } from '../form/UndoButton';

type Rec = Record<string, unknown>;

/** A card on its way to another column; `lost` waits for its loss reason before anything is sent. */
export interface Move { lead: Rec; to: string; reason: string | null }
const LEADS = declOf('leads')!;
const STATUS = LEADS.writes!.actions!.find((a) => a.key === 'status')!;

/**
 * A lead's status changed by moving its card, through the one write path (PATCH /leads/{id}/status:
 * its own request key, an unknown outcome settled by reading the lead back). The local copy takes the
 * answer at once, so the card lands in its new column when the column reads again.
 */
export function useLeadMove() {
  const { t, dyn } = useT();
  const qc = useQueryClient();
  const [move, setMove] = useState<Move | null>(null);
  const id = move ? String(move.lead.id) : null;
  const write = useWrite({
    route: 'leads.setStatus', area: 'leads', id, params: id ? { id } : {}, action: 'status',
    name: move ? labelOf('leads', move.lead) : '', listRoute: 'leads.list', readRoute: 'leads.details',
    ...(move ? { settled: (r: Rec) => r.status === move.to } : {}), affects: LEADS.writes!.affects ?? [],
  });
  const { submit, reset } = write;
  const ready = move !== null && (move.to !== 'lost' || move.reason !== null);
  // Sent once the hook holds this move's target (the render after it was set).
  useEffect(() => {
    if (!move || !ready) return;
    const body = { status: move.to.toUpperCase(), ...(move.to === 'lost' ? { loss_reason: move.reason } : {}) };
    const id = String(move.lead.id);
    const from = String(move.lead.status);
    // What the lead had before, for Undo: a lost lead's reason is on its record (read for its card).
    const read = (qc.getQueryData<{ data?: Rec }>(qk.record('leads', id))?.data ?? {}) as Rec;
    const name = labelOf('leads', move.lead);
    const undo = undoOf(LEADS, STATUS, id, { ...read, status: from }, name);
    submit(body).then(
      () => {
        notify({
          title: t('board.moved', { status: dyn('status', move.to) }), message: name,
          ...(undo ? { action: <UndoButton undo={undo} done={t('board.movedBack', { status: dyn('status', from) })} /> } : {}),
        });
        setMove(null);
      },
      () => undefined, // the problem stays on screen (write.error / uncertain) until the next move
    );
  }, [move, ready, submit, t, dyn, qc]);
  const start = useCallback((lead: Rec, to: string) => {
    if (lead.status === to) return;
    reset();
    setMove({ lead, to, reason: null });
  }, [reset]);
  const giveReason = useCallback((reason: string) => setMove((m) => (m ? { ...m, reason } : m)), []);
  const cancel = useCallback(() => { reset(); setMove(null); }, [reset]);
  return { move, asking: move !== null && move.to === 'lost' && move.reason === null, start, giveReason, cancel, write };
}
