import { forwardRef } from 'react';
import { Badge, Button, Group, Text, type ButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ProfileMeta } from '../../shared';
import { useT } from '../i18n';

export function EnvBadge({ profile }: { profile: ProfileMeta }) {
  const { t } = useT();
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={profile.environment === 'live' ? 'red' : 'yellow'} variant="filled" radius="sm" data-testid="env-badge">
        {profile.environment === 'live' ? t('app.live') : t('app.test')}
      </Badge>
      {profile.is_demo && <Badge color="grape" variant="light" radius="sm">{t('app.demo')}</Badge>}
    </Group>
  );
}

type Props = { active: ProfileMeta; businessName: string | null } & ButtonProps & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'style'>;

/**
 * The header's business name and TEST / LIVE: the profile menu's target. Its own module so the
 * first screen shows it before the menu (and its positioning code) has loaded.
 */
export const ProfileButton = forwardRef<HTMLButtonElement, Props>(({ active, businessName, ...rest }, ref) => {
  const { t } = useT();
  return (
    <Button ref={ref} variant="subtle" color="gray" rightSection={<IconChevronDown size={14} aria-hidden />} data-testid="profile-switcher" {...rest}>
      {/* The name is the visible text plus this hidden prefix, so speech input can use what is shown. */}
      <span className="visually-hidden">{t('app.switchProfile')}: </span>
      <Group gap="xs" wrap="nowrap">
        <Text fw={600} size="sm" dir="auto" truncate maw={220} data-testid="business-name">{businessName ?? active.name}</Text>
        <EnvBadge profile={active} />
      </Group>
    </Button>
  );
});
ProfileButton.displayName = 'ProfileButton';
