import './board.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useT } from '../../i18n';
import { servesFrom, useLocalArea } from '../../data/localCopy';
import { AppModal } from '../../kit/AppModal';
import { useFillWindow } from '../../kit/useFillWindow';
import { qk } from '../../data/queryKeys';
import { LEAD_PIPELINE } from '../../resources/home';
import { useCanRead, useWriteBlock } from '../../session/usePermissions';
import { WriteProblem } from '../form/WriteProblem';
import { BoardColumn } from './BoardColumn';
import { useLeadMove } from './useLeadMove';

type Rec = Record<string, unknown>;

/**
 * True once every column has its cards and no read of the copy's leads is on its way: the cards'
 * records are read after the board's own reads, never ahead (twenty record reads in front of the
 * columns held the board back by seconds). Stays true.
 */
function useBoardShown(): { shown: boolean; onColumn: (status: string) => void } {
  const reading = useIsFetching({ queryKey: qk.localArea('leads') }) > 0;
  const [columns, setColumns] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState(false);
  const onColumn = useCallback((status: string) => setColumns((c) => (c.has(status) ? c : new Set([...c, status]))), []);
  useEffect(() => { if (!reading && columns.size === LEAD_PIPELINE.length) setShown(true); }, [reading, columns]);
  return { shown, onColumn };
}

/**
 * The lead pipeline as a board, from the local copy: a column per status, newest change first. A card
 * dragged to another column (or moved with its "Move to" menu, from the keyboard) changes the lead's
 * status; "lost" asks for the loss reason first.
 */
export default function LeadBoard() {
  const { t, dyn } = useT();
  const local = useLocalArea('leads');
  const blocked = useWriteBlock()('leads.setStatus');
  const m = useLeadMove();
  const dragged = useRef<Rec | null>(null);
  const { start } = m;
  // Kept across renders: a column renders again only when its own props change.
  const dragLead = useCallback((lead: Rec) => { dragged.current = lead; }, []);
  const drop = useCallback((status: string) => { if (dragged.current) start(dragged.current, status); dragged.current = null; }, [start]);
  const board = useRef<HTMLDivElement>(null);
  useFillWindow(board, 320, 'height');
  const { shown, onColumn } = useBoardShown();
  const [reason, setReason] = useState('');
  const ready = servesFrom(local.status, local.area);
  const readable = useCanRead()('leads');
  return (
    <Stack gap="md" data-testid="lead-board">
      <div>
        <Title order={1} size="h2" id="screen-title">{t('board.title')}</Title>
        <Text c="dimmed" mt={4}>{t(blocked ? 'board.introReadOnly' : 'board.intro')}</Text>
      </div>
      {blocked && <Alert color="gray" variant="light" data-testid="board-blocked">{blocked}</Alert>}
      {(m.write.error || m.write.uncertain) && m.move && (
        <Stack gap={4} data-testid="board-problem">
          <WriteProblem error={m.write.error} uncertain={m.write.uncertain} area="leads" writing={['leads:write']} />
          <Group><Button size="xs" variant="subtle" onClick={m.cancel}>{t('board.dismiss')}</Button></Group>
        </Stack>
      )}
      {!readable ? (
        <Alert color="gray" variant="light" data-testid="board-denied">{t('board.denied')}</Alert>
      ) : !ready ? (
        <Alert color="gray" variant="light" role="status" data-testid="board-waiting">
          {t('board.waiting', { count: local.area?.progress?.records ?? local.area?.records ?? 0 })}
        </Alert>
      ) : (
        <div className="board" ref={board}>
          {LEAD_PIPELINE.map((status) => (
            <BoardColumn
              key={status} status={status} canMove={!blocked} moving={m.move}
              onDragLead={dragLead} onDrop={drop}
              onMove={start} readFacts={shown} onShown={onColumn}
            />
          ))}
        </div>
      )}
      {m.asking && m.move && (
        <AppModal title={t('board.lossTitle', { name: String(m.move.lead.name ?? '') })} onClose={() => { setReason(''); m.cancel(); }}>
          <form onSubmit={(e) => { e.preventDefault(); if (reason.trim()) { m.giveReason(reason.trim()); setReason(''); } }}>
            <Stack gap="sm">
              <TextInput label={t('board.lossReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} required data-autofocus dir="auto" data-testid="loss-reason" />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => { setReason(''); m.cancel(); }}>{t('app.cancel')}</Button>
                <Button type="submit" disabled={!reason.trim()} data-testid="loss-submit">{t('board.markLost', { status: dyn('status', 'lost') })}</Button>
              </Group>
            </Stack>
          </form>
        </AppModal>
      )}
    </Stack>
  );
}
