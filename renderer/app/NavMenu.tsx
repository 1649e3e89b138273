import { memo } from 'react';
import { Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useT } from '../i18n';
import { ScreenNavLink } from '../nav/links';
import { toHome, toList } from '../nav/paths';
import { GROUPS } from '../resources/groups';
import { GROUP_KEYS } from '../resources/types';

/**
 * Every area, grouped the way users work; areas the key cannot read carry a lock. Memoised, and so
 * is each entry: a navigation re-renders the two entries whose active state changed, not all of them.
 */
export const NavMenu = memo(function NavMenu({ current, denied, onNavigate }: { current: string | null; denied: ReadonlySet<string>; onNavigate: () => void }) {
  const { t, dyn } = useT();
  return (
    // A native scroller: the first screen does without ScrollArea and its positioning code.
    <div className="nav-scroll">
      <Stack gap="sm" p="xs">
        {/* The home screen: each role's figures. */}
        <ScreenNavLink screen={toHome()} label={t('app.home')} active={current === null} aria-current={current === null ? 'page' : undefined} onClick={onNavigate} data-area="home" />
        {GROUP_KEYS.map((g) => (
          <div key={g} role="group" aria-labelledby={`nav-${g}`}>
            <Text id={`nav-${g}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>{dyn('groups', g)}</Text>
            {GROUPS[g].map((area) => <NavEntry key={area} area={area} active={current === area} locked={denied.has(area)} onNavigate={onNavigate} />)}
          </div>
        ))}
      </Stack>
    </div>
  );
});

const NavEntry = memo(function NavEntry({ area, active, locked, onNavigate }: { area: string; active: boolean; locked: boolean; onNavigate: () => void }) {
  const { t, dyn } = useT();
  return (
    <ScreenNavLink
      screen={toList(area)}
      label={dyn('areas', area)}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      data-area={area}
      data-locked={locked ? 'true' : undefined}
      rightSection={locked ? <IconLock size={14} aria-label={t('app.locked')} role="img" /> : undefined}
      muted={locked}
    />
  );
});
