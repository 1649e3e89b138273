import { ActionIcon, Button, Group, Input, Paper, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useContext } from 'react';
import { get, useFieldArray, useFormState } from 'react-hook-form';
import { useFormControl } from '../formControl';
import { useT } from '../../../i18n';
import type { FieldModel } from '../../../forms/model';
import { emptyValues } from '../../../forms/values';
import type { FormFieldSpec } from '../../../resources/types';
import { FieldInput } from './FieldInput';
import { useIssueText } from '../issueText';
import { FieldLocksContext } from '../fieldLocks';
import { lockOf } from '../../../rules/permissions';

const NUMERIC = new Set(['money', 'quantity', 'percent', 'number']);
/** A column's least width: names and pickers wide, codes (a SKU, at most 64 characters) narrower, ticks narrow. */
const minWidthOf = (c: FieldModel): number =>
  c.kind === 'ref' ? 180 : c.kind === 'text' ? ((c.maxLength ?? Infinity) <= 64 ? 120 : 180) : c.kind === 'boolean' ? 60 : 110;

/**
 * A list of objects in a form (document lines, phones, special prices, recipe components): one
 * row per element on react-hook-form's useFieldArray, each cell the element field's own input.
 */
export function ListField({ field, name, label, spec, lockedReason, titled, description }: { field: FieldModel; name: string; label: string; spec: FormFieldSpec | undefined; lockedReason: string | null; titled: boolean; description?: string | undefined }) {
  const { t, dyn } = useT();
  const issueText = useIssueText();
  const { control, setValue, getValues, submitted } = useFormControl();
  // Only this list's own errors re-render it.
  const { errors } = useFormState({ control, name });
  const { fields: rows, append, remove } = useFieldArray({ control, name });
  const models = field.fields ?? [];
  const columns = (spec?.columns ?? models.map((m) => m.key)).map((k) => models.find((m) => m.key === k)).filter((m): m is FieldModel => m !== undefined);
  const colLabel = (m: FieldModel) => dyn('fields', spec?.labels?.[m.key] ?? m.key);
  const listError = get(errors, `${name}.root`) as { message?: string } | undefined;
  const full = field.maxItems !== undefined && rows.length >= field.maxItems;
  const disabled = Boolean(lockedReason);
  // Columns locked on their own (a line's "save as product"): said under the table, since a cell has no room.
  const locks = useContext(FieldLocksContext);
  const columnLocks = disabled ? [] : columns.flatMap((c) => { const why = lockOf(locks, `${name}.0.${c.key}`); return why ? [`${colLabel(c)}: ${why}`] : []; });
  const noteId = `${name}-locked-columns`;

  const picked = (row: number, column: string, record: Record<string, unknown> | null) => {
    const fill = spec?.fill?.[column];
    if (!fill || !record) return;
    for (const [k, v] of Object.entries(fill(record))) setValue(`${name}.${row}.${k}`, v, { shouldDirty: true, shouldValidate: submitted() });
  };
  const exclusive = (row: number, column: string, on: boolean) => {
    if (!on || spec?.exclusive !== column) return;
    (getValues(name) as unknown[]).forEach((_, i) => { if (i !== row) setValue(`${name}.${i}.${column}`, false, { shouldDirty: true }); });
  };

  return (
    <Input.Wrapper label={titled ? <span className="visually-hidden">{label}</span> : label} description={lockedReason ?? description} error={listError?.message ? issueText(listError.message) : undefined} data-field={name}>
      {columnLocks.length > 0 && <Text id={noteId} size="xs" c="dimmed" data-testid={`locked-columns-${name}`}>{columnLocks.join(' ')}</Text>}
      <Paper withBorder mt={4}>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm" p="sm">{t('form.noRows')}</Text>
        ) : (
          <ScrollArea type="auto">
            <Table verticalSpacing={4} horizontalSpacing={6} data-testid={`list-${name}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={32} aria-label={t('form.rowNumber')}>#</Table.Th>
                  {columns.map((c) => <Table.Th key={c.key} ta={NUMERIC.has(c.kind) ? 'end' : undefined}>{colLabel(c)}{c.required ? ' *' : ''}</Table.Th>)}
                  <Table.Th w={40}><span className="visually-hidden">{t('form.rowActions')}</span></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={r.id} data-row={i}>
                    <Table.Td><Text size="sm" c="dimmed">{i + 1}</Text></Table.Td>
                    {columns.map((c) => (
                      <Table.Td key={c.key} miw={minWidthOf(c)}>
                        <FieldInput
                          field={c}
                          name={`${name}.${i}.${c.key}`}
                          label={`${colLabel(c)} ${i + 1}`}
                          compact
                          onPicked={(rec) => picked(i, c.key, rec)}
                          onToggled={(on) => exclusive(i, c.key, on)}
                          pick={spec?.pick?.[c.key]}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Tooltip label={t('form.removeRow', { n: i + 1 })}>
                        <ActionIcon variant="subtle" color="red" onClick={() => remove(i)} aria-label={t('form.removeRow', { n: i + 1 })} disabled={disabled}>
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Paper>
      <Group mt={6}>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => append({ ...emptyValues(models), ...spec?.newRow?.() })} disabled={disabled || full} data-testid={`add-${name}`}>
          {t('form.addRow', { what: label })}
        </Button>
        {full && <Text size="xs" c="dimmed">{t('form.listFull', { n: field.maxItems ?? 0 })}</Text>}
      </Group>
    </Input.Wrapper>
  );
}
