import { memo, useEffect, useMemo, useState } from 'react';
import { Button, Loader, Menu, Paper, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { numberFormat } from '../../../shared/values';
import { useT } from '../../i18n';
import { useLocalQuery } from '../../data/localCopy';
import { ScreenLink } from '../../nav/links';
import { toList, toRecord } from '../../nav/paths';
import { rowsQueryOf } from '../../rules/localTable';
import { LEAD_PIPELINE } from '../../resources/home';
import { userTimeZone } from '../../lib/zone';
import { statusColor } from '../../kit/statusColor';
import type { Move } from './useLeadMove';
import { LeadCardFacts } from './LeadCardFacts';

type Rec = Record<string, unknown>;
/** Cards a column shows; the rest are a link to the list of that status. */
const CARDS = 50;

/** One status of the board: its count, its newest cards, and the drop target for cards of other columns (rendered again only with its own props). */
export const BoardColumn = memo(function BoardColumn({ status, canMove, moving, onDragLead, onDrop, onMove, readFacts, onShown }: {
  status: string; canMove: boolean; moving: Move | null;
  onDragLead: (lead: Rec) => void; onDrop: (status: string) => void; onMove: (lead: Rec, to: string) => void;
  /** The cards may read their leads' records (the board's own reads are in). */
  readFacts: boolean;
  /** Told once the column has its cards. */
  onShown: (status: string) => void;
}) {
  const { t, dyn, lang, locale } = useT();
  const [over, setOver] = useState(false);
  const filters = useMemo(() => [{ column: 'status', op: 'in' as const, values: [status] }], [status]);
  const q = useLocalQuery(rowsQueryOf('leads', filters, [{ column: 'updated_at', direction: 'desc' }], userTimeZone(), CARDS, lang));
  const total = q.data?.total ?? null;
  const has = q.data !== undefined;
  useEffect(() => { if (has) onShown(status); }, [has, onShown, status]);
  const label = dyn('status', status);
  const headingId = `board-${status}`;
  return (
    <section
      className="board-column" aria-labelledby={headingId} data-status={status} data-testid={`board-column-${status}`}
      data-drop-over={over || undefined} data-count={total ?? undefined}
      onDragOver={(e) => { if (!canMove) return; e.preventDefault(); e.dataTransfer.dropEffect = 'move'; setOver(true); }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => { e.preventDefault(); setOver(false); onDrop(status); }}
    >
      <h2 className="board-heading" id={headingId}>
        <span className="chip" data-color={statusColor(status)}>{label}</span>{' '}
        <Text span size="sm" c="dimmed">{total === null ? '' : numberFormat(locale).format(total)}</Text>
      </h2>
      {q.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      <ul className="board-cards">
        {(q.data?.rows ?? []).map((lead) => {
          const id = String(lead.id);
          const busy = moving !== null && String(moving.lead.id) === id;
          return (
            <li key={id}>
              <Paper
                withBorder p="xs" className="board-card" data-testid={`board-card-${id}`} data-busy={busy || undefined}
                draggable={canMove && !busy} onDragStart={(e) => { e.dataTransfer.setData('text/plain', id); e.dataTransfer.effectAllowed = 'move'; onDragLead(lead); }}
              >
                <ScreenLink screen={toRecord('leads', id)} fw={600} size="sm"><bdi>{String(lead.name ?? id)}</bdi></ScreenLink>
                {typeof lead.contact_name === 'string' && <Text size="xs" c="dimmed"><bdi>{lead.contact_name}</bdi></Text>}
                <LeadCardFacts lead={lead} read={readFacts} />
                {busy && <Text size="xs" role="status">{t('board.moving', { status: dyn('status', moving.to) })}</Text>}
                {canMove && (
                  <Menu position="bottom-start" withinPortal>
                    <Menu.Target>
                      <Button size="compact-sm" px={4} variant="subtle" leftSection={<IconArrowsExchange size={14} aria-hidden />} disabled={busy} data-testid={`move-${id}`}>
                        {/* The lead's name completes the button's name for a screen reader; its visible words come first. */}
                        {t('board.moveTo')}<span className="visually-hidden"> <bdi>{String(lead.name ?? '')}</bdi></span>
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {LEAD_PIPELINE.filter((s) => s !== status).map((s) => (
                        <Menu.Item key={s} onClick={() => onMove(lead, s)} data-testid={`move-${id}-${s}`}>{dyn('status', s)}</Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                )}
              </Paper>
            </li>
          );
        })}
      </ul>
      {total !== null && total > CARDS && (
        <ScreenLink screen={toList('leads', { filters, sort: [{ column: 'updated_at', direction: 'desc' }] })} size="xs">{t('board.allOf', { count: total, status: label })}</ScreenLink>
      )}
    </section>
  );
});
