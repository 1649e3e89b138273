import { Button, Group } from '@mantine/core';
import { changeLanguage, LANGUAGES, type Language, useT } from '../i18n';

const NAMES: Record<Language, { short: string; lang: string }> = { en: { short: 'EN', lang: 'en' }, he: { short: 'עב', lang: 'he' } };

/** English / עברית: two toggle buttons (pressed = the current language). */
export function LanguageSwitch() {
  const { t, lang } = useT();
  return (
    <Group gap={2} role="group" aria-label={t('app.language')} data-testid="language-switch" className="language-switch">
      {LANGUAGES.map((l) => (
        <Button
          key={l}
          size="compact-xs"
          variant={l === lang ? 'filled' : 'subtle'}
          color={l === lang ? undefined : 'gray'}
          aria-pressed={l === lang}
          onClick={() => { if (l !== lang) void changeLanguage(l); }}
        >
          <span lang={NAMES[l].lang}>{NAMES[l].short}</span>
        </Button>
      ))}
    </Group>
  );
}
