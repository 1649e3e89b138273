import { useRef } from 'react';
import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import type { ColumnToggle } from './ListToolbar';

/**
 * A popover of plain checkboxes: a menu may hold only menu items, and these are form controls.
 * Closing it puts the focus back on its button (the button the user pressed was the placeholder
 * shown while this loaded, so the popover's own focus return would find it gone).
 */
export default function ColumnChooser({ columns, onToggleColumn, label, openAtOnce }: { columns: ColumnToggle[]; onToggleColumn: (id: string, visible: boolean) => void; label: string; openAtOnce: boolean }) {
  const target = useRef<HTMLButtonElement>(null);
  return (
    <Popover position="bottom-end" withinPortal trapFocus shadow="md" defaultOpened={openAtOnce} onClose={() => target.current?.focus()}>
      <Popover.Target>
        <Button ref={target} variant="default" leftSection={<IconColumns size={16} aria-hidden />} data-testid="columns-button">{label}</Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={label}>
        <Stack gap="xs" role="group" aria-label={label} data-testid="column-toggles">
          {columns.map((c) => (
            <Checkbox key={c.id} label={c.label} checked={c.visible} onChange={(e) => onToggleColumn(c.id, e.currentTarget.checked)} />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
