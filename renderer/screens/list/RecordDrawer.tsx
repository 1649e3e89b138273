import { ActionIcon, Drawer, Group, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconArrowsMaximize, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useT } from '../../i18n';
import type { ResourceDecl } from '../../resources/types';
import { ScreenButton } from '../../nav/links';
import { toRecord } from '../../nav/paths';
import { CopyButton } from '../../kit/CopyButton';
import { HeadingLevel } from '../../kit/headingLevel';
import { useAreaShortcuts } from '../../keys/useAreaShortcuts';
import { RecordBody, useRecordModel } from '../detail/RecordView';

export interface RecordDrawerProps {
  decl: ResourceDecl;
  id: string;
  /** Ids of the table's rows in order: the drawer steps through them. */
  ids: readonly string[];
  onStep: (id: string) => void;
  onClose: () => void;
}

/**
 * A record in a drawer over its table, so the table keeps its place (page, scroll, loaded rows):
 * the record's body as on its own page, "Open full page", and the previous / next row of the table
 * (buttons, or j / k; the arrows keep scrolling the drawer). It slides in from the end side: the
 * right in English, the left in Hebrew. Escape closes it.
 */
export default function RecordDrawer({ decl, id, ids, onStep, onClose }: RecordDrawerProps) {
  const { t } = useT();
  const model = useRecordModel(decl, id);
  const index = ids.indexOf(id);
  const previous = index > 0 ? ids[index - 1] : undefined;
  const next = index >= 0 && index < ids.length - 1 ? ids[index + 1] : undefined;
  useAreaShortcuts(decl, model.record ? () => id : null);
  // Physical keys too, so j and k work with a Hebrew keyboard layout.
  useHotkeys([
    ['j', () => next && onStep(next), { preventDefault: true, usePhysicalKeys: true }],
    ['k', () => previous && onStep(previous), { preventDefault: true, usePhysicalKeys: true }],
  ]);
  return (
    // "right" is the end side: Mantine lays the drawer out with logical sides, so in Hebrew it opens on the left.
    <Drawer.Root opened onClose={onClose} position="right" size="min(760px, 92vw)" returnFocus={false}>
      <Drawer.Overlay />
      <Drawer.Content data-testid="record-drawer">
        <Drawer.Header component="div">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {/* Drawer.Title (an h2) names the dialog. */}
            <Drawer.Title className="drawer-title" dir="auto" data-testid="drawer-title">{model.titleText}</Drawer.Title>
            <CopyButton text={id} label={t('app.copyValue', { what: t('fields.id') })} />
          </Group>
          <Drawer.CloseButton aria-label={t('app.close')} data-testid="drawer-close" />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              {decl.detail.route || decl.list ? (
                <ScreenButton screen={toRecord(decl.area, id)} variant="light" size="xs" leftSection={<IconArrowsMaximize size={14} aria-hidden />} data-testid="drawer-full-page" data-autofocus>
                  {t('drawer.fullPage')}
                </ScreenButton>
              ) : <span />}
              <Group gap={4} wrap="nowrap">
                {index >= 0 && <Text size="sm" c="dimmed" aria-live="polite" data-testid="drawer-position">{t('drawer.position', { n: index + 1, total: ids.length })}</Text>}
                <ActionIcon variant="default" aria-label={t('drawer.previous')} title={t('drawer.previous')} disabled={!previous} onClick={() => previous && onStep(previous)} data-testid="drawer-previous">
                  <IconChevronUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon variant="default" aria-label={t('drawer.next')} title={t('drawer.next')} disabled={!next} onClick={() => next && onStep(next)} data-testid="drawer-next">
                  <IconChevronDown size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            <HeadingLevel value={3}>
              <RecordBody decl={decl} id={id} model={model} />
            </HeadingLevel>
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
