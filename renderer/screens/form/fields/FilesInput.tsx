import { useState } from 'react';
import { ActionIcon, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { ATTACHMENT_LIMITS } from '../../../../shared';
import { useT } from '../../../i18n';
import { useLocale } from '../../../kit/useLocale';
import { formatBytes } from '../../../lib/format';

export interface PickedFile { file_name: string; content_base64: string }
/** The largest file the contract takes (its base64 text is bounded). */
export const MAX_FILE_BYTES = Math.floor((ATTACHMENT_LIMITS.base64Chars * 3) / 4);

const readBase64 = (file: File) => new Promise<string>((resolve, reject) => {
  const r = new FileReader();
  r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
  r.onerror = () => reject(r.error ?? new Error('read failed'));
  r.readAsDataURL(file);
});

/** Attachments: files picked from disk, sent as base64 with their names. */
export function FilesInput({ value, onChange, label, max, error, disabled, name }: { value: PickedFile[]; onChange: (v: PickedFile[]) => void; label: string; max: number; error?: string | undefined; disabled?: boolean; name: string }) {
  const { t } = useT();
  const locale = useLocale();
  const [problem, setProblem] = useState<string | null>(null);
  const add = async (files: File[]) => {
    setProblem(null);
    const tooBig = files.filter((f) => f.size > MAX_FILE_BYTES);
    if (tooBig.length) setProblem(t('form.fileTooBig', { name: tooBig.map((f) => f.name).join(', '), size: formatBytes(MAX_FILE_BYTES, locale) }));
    const ok = files.filter((f) => f.size <= MAX_FILE_BYTES).slice(0, Math.max(0, max - value.length));
    const read = await Promise.all(ok.map(async (f) => ({ file_name: f.name, content_base64: await readBase64(f) })));
    onChange([...value, ...read]);
  };
  return (
    <Stack gap={4} data-field={name}>
      <FileInput
        label={label}
        multiple
        value={[]}
        onChange={(files) => void add(files)}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        placeholder={t('form.chooseFiles')}
        disabled={disabled || value.length >= max}
        error={problem ?? error}
        clearable={false}
      />
      {value.map((f, i) => (
        <Group key={`${f.file_name}-${i}`} gap="xs" wrap="nowrap">
          <Text size="sm" dir="auto" truncate>{f.file_name}</Text>
          <Text size="xs" c="dimmed">{formatBytes(Math.floor((f.content_base64.length * 3) / 4), locale)}</Text>
          <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('form.removeFile', { name: f.file_name })} onClick={() => onChange(value.filter((_, j) => j !== i))} disabled={disabled}>
            <IconTrash size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
