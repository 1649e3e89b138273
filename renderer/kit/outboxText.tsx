import type { LocalMark, OutboxEntry, OutboxState } from '../../shared';
import { actionOf } from '../rules/outbox';
import { useT } from '../i18n';
import type { ChipColor } from './statusColor';

/** The colour of an entry's state, and of a row's mark (the same states). */
export const STATE_COLOR: Record<OutboxState, ChipColor> = { waiting: 'blue', sending: 'cyan', sent: 'teal', decision: 'orange', failed: 'red' };

/**
 * An outbox entry in words: what it does ("Edit · Leads · Dana Levi"), why it waits or failed. The
 * outbox screen, its decision view and a record's notice of its waiting changes all say it the same way.
 */
export function useEntryText() {
  const { t, dyn } = useT();
  const verb = (e: OutboxEntry) => {
    const a = actionOf(e.route);
    return a === 'create' || a === 'update' || a === 'delete' ? t(`outbox.verb.${a}`) : dyn('actions', a);
  };
  const name = (e: OutboxEntry) => e.name ?? (e.temp_id ?? e.record_id ?? '').slice(0, 8);
  const what = (e: OutboxEntry) => [verb(e), dyn('areas', e.area), name(e)].filter(Boolean).join(' · ');
  /** `offline`: the app knows the service cannot be reached now (then that is why whatever waits, waits). */
  const why = (e: OutboxEntry, all: readonly OutboxEntry[], offline = false): string | null => {
    const w = e.why;
    const unsent = e.state === 'waiting' || e.state === 'sending';
    if (offline && unsent && w?.kind !== 'after') return t('outbox.whyText.offline');
    // Not tried yet, or on its way: said too, so no row is left without a reason.
    if (!w) return e.state === 'sending' ? t('outbox.whyText.sending') : e.state === 'waiting' ? t('outbox.whyText.queued') : null;
    if (w.kind === 'after') {
      const first = all.find((x) => x.id === w.entry);
      return t('outbox.whyText.after', { name: first ? what(first) : '' });
    }
    return t(`outbox.whyText.${w.kind}`);
  };
  return { verb, name, what, why, state: (s: OutboxState) => t(`outbox.states.${s}`) };
}

/** An entry's state as a chip. */
export function EntryState({ state }: { state: OutboxState }) {
  const { t } = useT();
  return <span className="chip" data-color={STATE_COLOR[state]} data-testid="outbox-state" data-state={state}>{t(`outbox.states.${state}`)}</span>;
}

/** A row or record made or changed offline: marked until the service has it. */
export function WaitingMark({ mark }: { mark: LocalMark }) {
  const { t } = useT();
  return <span className="chip waiting-mark" data-color={STATE_COLOR[mark.state]} data-testid="waiting-mark" data-state={mark.state} data-kind={mark.kind}>{t(`outbox.mark.${mark.state}`)}</span>;
}

/** A value only the service can give (a number, a total), for a record it has not received yet. */
export function NotYetKnown() {
  const { t } = useT();
  return <span className="dimmed not-yet" title={t('outbox.notYetHint')} data-testid="not-yet-known">{t('outbox.notYet')}</span>;
}
