import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { invoke } from '../bridge/invoke';
import { useT } from '../i18n';

/** Copies through main (`clipboard.copy`), so it works under the strict renderer sandbox. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);
  const copy = async (e: React.MouseEvent) => {
    e.stopPropagation();
    try {
      await invoke('clipboard.copy', { text: text.slice(0, 500) });
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  const name = copied ? t('app.copied') : label;
  return (
    <Tooltip label={name} withArrow>
      <ActionIcon variant="subtle" size="sm" color={copied ? 'teal' : 'gray'} aria-label={name} onClick={(e) => void copy(e)}>
        {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
