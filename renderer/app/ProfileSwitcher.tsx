import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconSettings } from '@tabler/icons-react';
import type { ProfileMeta } from '../../shared';
import { useT } from '../i18n';
import { useGo } from '../router/links';
import { toList } from '../router/paths';
import { useActivate } from './profiles';
import { PROFILES_AREA } from '../resources/groups';

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

/** Shows the active business and TEST / LIVE; switches between profiles. */
export function ProfileSwitcher({ profiles, active, businessName }: { profiles: ProfileMeta[]; active: ProfileMeta; businessName: string | null }) {
  const { t } = useT();
  const activate = useActivate();
  const go = useGo();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="gray" rightSection={<IconChevronDown size={14} aria-hidden />} data-testid="profile-switcher">
          {/* The name is the visible text plus this hidden prefix, so speech input can use what is shown. */}
          <span className="visually-hidden">{t('app.switchProfile')}: </span>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600} size="sm" dir="auto" truncate maw={220} data-testid="business-name">{businessName ?? active.name}</Text>
            <EnvBadge profile={active} />
          </Group>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('app.switchProfile')}</Menu.Label>
        {profiles.map((p) => (
          <Menu.Item
            key={p.id}
            onClick={() => void activate(p.id)}
            leftSection={p.id === active.id ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />}
            rightSection={<Badge size="xs" color={p.environment === 'live' ? 'red' : 'yellow'}>{p.environment === 'live' ? t('app.live') : t('app.test')}</Badge>}
          >
            <Text size="sm" dir="auto">{p.business_name ?? p.name}</Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconSettings size={14} aria-hidden />} onClick={() => go(toList(PROFILES_AREA))}>{t('app.manageProfiles')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
