import { useRef, useState } from 'react';
import { ActionIcon, Button, Divider, Group, Popover, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconCheck, IconDeviceFloppy, IconLayoutList, IconTrash } from '@tabler/icons-react';
import { VIEW_LIMITS, type TableView } from '../../../shared/views';
import { useT } from '../../i18n';
import { markApplied, removeNamed, saveNamed } from '../../data/savedViews';
import { appliedView, useTableViews } from './useTableViews';

export interface ViewsMenuProps {
  area: string;
  label: string;
  /** The table's view now. */
  current: TableView;
  /** The declaration's defaults. */
  defaults: TableView;
  onApply: (view: TableView) => void;
  openAtOnce: boolean;
}

/**
 * Named views of one table: apply one, go back to the default, save the table as it is under a
 * name, save changes to the applied view, delete one. Main keeps them per profile (views.save).
 */
export default function ViewsMenu({ area, label, current, defaults, onApply, openAtOnce }: ViewsMenuProps) {
  const { t } = useT();
  const target = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const views = useTableViews(area);
  const applied = appliedView(views, current);
  const named = views?.named ?? [];
  const [name, setName] = useState('');
  const trimmed = name.trim();
  const problem = !trimmed ? null
    : named.some((v) => v.name.toLocaleLowerCase() === trimmed.toLocaleLowerCase()) ? t('views.taken')
      : named.length >= VIEW_LIMITS.named ? t('views.full', { count: VIEW_LIMITS.named }) : null;
  const apply = (viewName: string | null, view: TableView) => {
    onApply(view);
    markApplied(area, viewName, view);
  };
  const saveAs = () => {
    if (!trimmed || problem) return;
    saveNamed(area, trimmed, current);
    setName('');
    // The Save button is disabled again now: the focus stays in the menu, on the name.
    nameInput.current?.focus();
  };
  return (
    <Popover position="bottom-end" withinPortal trapFocus shadow="md" defaultOpened={openAtOnce} onClose={() => target.current?.focus()} width={320}>
      <Popover.Target>
        <Button ref={target} variant="default" leftSection={<IconLayoutList size={16} aria-hidden />} data-testid="views-button">{label}</Button>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby="views-title">
        <Stack gap="xs" data-testid="views-menu">
          <Text fw={700} size="sm" id="views-title">{t('views.title')}</Text>
          <Text size="xs" c="dimmed">{t('views.hint')}</Text>
          <Stack gap={2} role="group" aria-labelledby="views-title">
            <UnstyledButton className="view-entry" aria-pressed={!views?.active} onClick={() => apply(null, defaults)} data-testid="view-default">
              {!views?.active ? <IconCheck size={14} aria-hidden /> : <span className="icon-gap" />}
              <span>{t('views.defaultView')}</span>
            </UnstyledButton>
            {named.map((v) => {
              const on = views?.active === v.name;
              return (
                <Group key={v.name} gap={4} wrap="nowrap" justify="space-between">
                  <UnstyledButton className="view-entry" aria-pressed={on} onClick={() => apply(v.name, v.view)} data-testid="view-entry" data-view={v.name}>
                    {on ? <IconCheck size={14} aria-hidden /> : <span className="icon-gap" />}
                    <span dir="auto">{v.name}</span>
                    {on && applied?.changed && <Text span size="xs" c="dimmed">({t('views.changed')})</Text>}
                  </UnstyledButton>
                  <ActionIcon variant="subtle" color="red" aria-label={t('views.remove', { name: v.name })} onClick={() => removeNamed(area, v.name)} data-testid="view-remove">
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              );
            })}
            {named.length === 0 && <Text size="sm" c="dimmed">{t('views.none')}</Text>}
          </Stack>
          {applied?.changed && (
            <Button variant="light" size="xs" leftSection={<IconDeviceFloppy size={14} aria-hidden />} onClick={() => saveNamed(area, applied.name, current)} data-testid="view-update">
              {t('views.update', { name: applied.name })}
            </Button>
          )}
          <Divider />
          <form onSubmit={(e) => { e.preventDefault(); saveAs(); }}>
            <Stack gap={6}>
              <TextInput
                ref={nameInput}
                label={t('views.name')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={VIEW_LIMITS.nameMax}
                error={problem}
                dir="auto"
                size="xs"
                data-testid="view-name"
              />
              <Button type="submit" size="xs" variant="light" leftSection={<IconDeviceFloppy size={14} aria-hidden />} disabled={!trimmed || problem !== null} data-testid="view-save">{t('views.saveAs')}</Button>
            </Stack>
          </form>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
