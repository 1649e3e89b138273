import { Badge, Menu, Text } from '@mantine/core';
import { IconCheck, IconSettings } from '@tabler/icons-react';
import { ProfileButton } from '../kit/ProfileButton';
import type { ProfileMeta } from '../../shared';
import { useT } from '../i18n';
import { useGo } from '../nav/links';
import { toList } from '../nav/paths';
import { useActivate } from '../session/profiles';
import { PROFILES_AREA } from '../resources/groups';

/** Shows the active business and TEST / LIVE; switches between profiles. Lazy: the menu is not needed for the first paint. */
export default function ProfileSwitcher({ profiles, active, businessName }: { profiles: ProfileMeta[]; active: ProfileMeta; businessName: string | null }) {
  const { t } = useT();
  const activate = useActivate();
  const go = useGo();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ProfileButton active={active} businessName={businessName} />
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
