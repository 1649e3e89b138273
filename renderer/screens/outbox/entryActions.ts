import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BridgeError, OutboxEntry } from '../../../shared';
import { asBridgeError } from '../../bridge/invoke';
import { discardFromOutbox, resolveOutbox, retryOutbox } from '../../data/outbox';
import { useT } from '../../i18n';
import { askConfirm } from '../../lib/ask';
import { notify } from '../../kit/notify';
import { useEntryText } from '../../kit/outboxText';
import { toAction, toCreate, toEdit, withOutbox, type ScreenTarget } from '../../nav/paths';
import { declOf } from '../../resources/lookup';
import { dependentsOf } from '../../rules/outbox';

/**
 * The form an entry's values open in (its create, edit or action form, marked with the entry), or
 * null when its write has no form (an approval, a delete that asks nothing).
 */
export function formOf(e: OutboxEntry): ScreenTarget | null {
  const w = declOf(e.area)?.writes;
  const id = e.params?.id ?? e.record_id;
  let target: ScreenTarget | null = null;
  if (w?.create?.route === e.route) target = toCreate(e.area);
  else if (id && w?.edit?.route === e.route) target = toEdit(e.area, id);
  else if (id && w?.delete?.form && w.delete.route === e.route) target = toAction(e.area, id, 'delete');
  else if (id) {
    const a = w?.actions?.find((x) => x.route === e.route && x.form);
    const sub = a?.row ? e.params?.[a.row.param] : undefined;
    if (a && (!a.row || sub)) target = toAction(e.area, id, a.key, sub);
  }
  return target ? withOutbox(target, e.id) : null;
}

/** What the user can do with entries: send what waits now, send one again, discard one (asked first, with what goes along). */
export function useEntryActions() {
  const qc = useQueryClient();
  const { t } = useT();
  const text = useEntryText();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<BridgeError | null>(null);
  const run = async <T,>(key: string, fn: () => Promise<T>): Promise<T | null> => {
    setBusy(key);
    setError(null);
    try { return await fn(); } catch (e) { setError(asBridgeError(e)); return null; } finally { setBusy(null); }
  };
  const discard = async (e: OutboxEntry, all: readonly OutboxEntry[]): Promise<boolean> => {
    const along = dependentsOf(all, e.id);
    const ok = await askConfirm({
      title: t('outbox.discardTitle'),
      body: [t('outbox.discardBody', { what: text.what(e) }), along.length ? t('outbox.discardAlso') : ''].filter(Boolean).join(' '),
      items: along.map((d) => text.what(d)),
      confirm: t('outbox.discard'),
      danger: true,
    });
    if (!ok) return false;
    const gone = await run(`discard-${e.id}`, () => discardFromOutbox(qc, e.id));
    if (gone) notify({ title: t('outbox.discarded'), message: text.what(e) });
    return gone !== null;
  };
  const again = async (e: OutboxEntry): Promise<boolean> => {
    const r = await run(`again-${e.id}`, () => resolveOutbox(qc, { id: e.id, choice: 'again' }));
    if (r) notify({ title: t('outbox.againDone'), message: text.what(e) });
    return r !== null;
  };
  const sendNow = () => run('send', () => retryOutbox());
  return { discard, again, sendNow, busy, error };
}
