import { useRef } from 'react';
import { ActionIcon, Button, Checkbox, Group, Popover, Stack } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns, IconRestore } from '@tabler/icons-react';
import { VIEW_LIMITS } from '../../../shared/views';
import { useT } from '../../i18n';
import type { ColumnTools } from './ListToolbar';

/**
 * A popover of plain form controls, one line per column in the table's order: shown or not, up,
 * down, and its width (empty: as wide as its content). Closing it puts the focus back on its button
 * (the button the user pressed was the placeholder shown while this loaded, so the popover's own
 * focus return would find it gone).
 */
export default function ColumnChooser({ tools, label, openAtOnce }: { tools: ColumnTools; label: string; openAtOnce: boolean }) {
  const { t } = useT();
  const target = useRef<HTMLButtonElement>(null);
  const { columns } = tools;
  return (
    <Popover position="bottom-end" withinPortal trapFocus shadow="md" defaultOpened={openAtOnce} onClose={() => target.current?.focus()}>
      <Popover.Target>
        <Button ref={target} variant="default" leftSection={<IconColumns size={16} aria-hidden />} data-testid="columns-button">{label}</Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={label}>
        <Stack gap="xs" role="group" aria-label={label} data-testid="column-toggles">
          {columns.map((c, i) => (
            <Group key={c.id} gap={6} wrap="nowrap" justify="space-between" data-column={c.id}>
              <Checkbox label={c.label} checked={c.visible} onChange={(e) => tools.onToggle(c.id, e.currentTarget.checked)} />
              <Group gap={2} wrap="nowrap">
                <input
                  type="number"
                  className="width-input"
                  min={VIEW_LIMITS.widthMin}
                  max={VIEW_LIMITS.widthMax}
                  step={10}
                  placeholder={t('columnTools.autoWidth')}
                  value={c.width ?? ''}
                  aria-label={t('columnTools.resize', { name: c.label })}
                  data-testid={`width-${c.id}`}
                  onChange={(e) => {
                    const n = e.currentTarget.valueAsNumber;
                    if (e.currentTarget.value === '') tools.onWidth(c.id, null);
                    else if (Number.isFinite(n) && n >= VIEW_LIMITS.widthMin && n <= VIEW_LIMITS.widthMax) tools.onWidth(c.id, Math.round(n));
                  }}
                />
                <ActionIcon variant="subtle" color="gray" disabled={i === 0} aria-label={t('columnTools.moveUp', { name: c.label })} onClick={() => tools.onMove(c.id, -1)} data-testid={`move-up-${c.id}`}>
                  <IconArrowUp size={14} aria-hidden />
                </ActionIcon>
                <ActionIcon variant="subtle" color="gray" disabled={i === columns.length - 1} aria-label={t('columnTools.moveDown', { name: c.label })} onClick={() => tools.onMove(c.id, 1)} data-testid={`move-down-${c.id}`}>
                  <IconArrowDown size={14} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          ))}
          <Button variant="subtle" size="xs" leftSection={<IconRestore size={14} aria-hidden />} onClick={tools.onReset} data-testid="columns-reset">{t('columnTools.reset')}</Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
