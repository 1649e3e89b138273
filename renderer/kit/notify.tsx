import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { Anchor, Group, Text } from '@mantine/core';
import { ScreenLink } from '../nav/links';
import type { ScreenTarget } from '../nav/paths';
import { translateNow, useT } from '../i18n';
import { CopyButton } from './CopyButton';

export interface Notice {
  title: string;
  message?: string;
  /** A link to the record the message is about. */
  link?: { screen: ScreenTarget; label: string };
  /** A button that acts on it (restore what was just deleted). */
  action?: React.ReactNode;
  /** The API's request id of the call the message is about, with "Copy request id" for support (behind "Details" on a success). */
  requestId?: string | undefined;
  tone?: 'success' | 'error';
}

function RequestId({ id }: { id: string }) {
  const { t } = useT();
  return (
    // The text gives way (the id breaks where it must) so the copy button stays in a narrow notice.
    <Group gap={4} wrap="nowrap" align="flex-end" data-testid="notice-request-id">
      <Text size="xs" c="dimmed" miw={0}>{t('notices.requestId')}: <code dir="ltr" style={{ overflowWrap: 'anywhere' }}>{id}</code></Text>
      <CopyButton text={id} label={t('notices.copyRequestId')} />
    </Group>
  );
}

/** A success's request id is for support only: it waits behind "Details" rather than sitting in the message. */
function RequestDetails({ id }: { id: string }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Anchor component="button" type="button" size="xs" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="notice-details">
        {t(open ? 'notices.hideDetails' : 'notices.details')}
      </Anchor>
      {open && <RequestId id={id} />}
    </>
  );
}

/** A short message in the corner (success of a write with a link to the record, or an error), with its request id. */
export function notify(n: Notice): void {
  notifications.show({
    color: n.tone === 'error' ? 'red' : 'teal',
    title: n.title,
    autoClose: n.tone === 'error' ? false : n.action || n.requestId ? 10_000 : 6_000,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': translateNow('app.close') },
    // The message in the body colour (Mantine's dimmed grey fails contrast).
    styles: { description: { color: 'var(--mantine-color-text)' } },
    message: (
      <Group gap="xs" data-testid={n.tone === 'error' ? 'notice-error' : 'notice-success'}>
        {/* The theme's text colour: the notification's own dimmed grey is too faint on white (axe colour-contrast). */}
        {n.message && <Text size="sm" dir="auto" c="var(--mantine-color-text)">{n.message}</Text>}
        {n.link && <ScreenLink screen={n.link.screen} size="sm" onClick={() => notifications.clean()}>{n.link.label}</ScreenLink>}
        {n.action}
        {n.requestId && (n.tone === 'error' ? <RequestId id={n.requestId} /> : <RequestDetails id={n.requestId} />)}
      </Group>
    ),
  });
}
