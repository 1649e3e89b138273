import { notifications } from '@mantine/notifications';
import { Group, Text } from '@mantine/core';
import { ScreenLink } from '../router/links';
import type { ScreenTarget } from '../router/paths';
import { translateNow } from '../i18n';

export interface Notice {
  title: string;
  message?: string;
  /** A link to the record the message is about. */
  link?: { screen: ScreenTarget; label: string };
  /** A button that acts on it (restore what was just deleted). */
  action?: React.ReactNode;
  tone?: 'success' | 'error';
}

/** A short message in the corner (success of a write, with a link to the record). */
export function notify(n: Notice): void {
  notifications.show({
    color: n.tone === 'error' ? 'red' : 'teal',
    title: n.title,
    autoClose: n.action ? 10_000 : 6_000,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': translateNow('app.close') },
    message: (
      <Group gap="xs" data-testid={n.tone === 'error' ? 'notice-error' : 'notice-success'}>
        {/* The theme's text colour: the notification's own dimmed grey is too faint on white (axe colour-contrast). */}
        {n.message && <Text size="sm" dir="auto" c="var(--mantine-color-text)">{n.message}</Text>}
        {n.link && <ScreenLink screen={n.link.screen} size="sm" onClick={() => notifications.clean()}>{n.link.label}</ScreenLink>}
        {n.action}
      </Group>
    ),
  });
}
