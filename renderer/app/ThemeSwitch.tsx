import { Button, Group, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import type { Theme } from '../../shared';
import { useT } from '../i18n';
import { schemeOf, themeOf } from './colorScheme';

const ICONS: Record<Theme, typeof IconSun> = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop };
const ORDER: readonly Theme[] = ['light', 'dark', 'system'];

/** Light / dark / the system's: three toggle buttons (pressed = the current choice). */
export function ThemeSwitch() {
  const { t } = useT();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = themeOf(colorScheme);
  return (
    <Group gap={2} role="group" aria-label={t('ui.theme')} data-testid="theme-switch" wrap="nowrap">
      {ORDER.map((theme) => {
        const Icon = ICONS[theme];
        return (
          <Button
            key={theme}
            size="compact-md"
            px={6}
            variant={theme === current ? 'filled' : 'subtle'}
            color={theme === current ? undefined : 'gray'}
            aria-pressed={theme === current}
            aria-label={t(`ui.${theme}`)}
            title={t(`ui.${theme}`)}
            data-theme={theme}
            onClick={() => setColorScheme(schemeOf(theme))}
          >
            <Icon size={16} aria-hidden />
          </Button>
        );
      })}
    </Group>
  );
}
