import { SegmentedControl } from '@mantine/core';
import { changeLanguage, type Language, useT } from '../i18n';

export function LanguageSwitch() {
  const { t, lang } = useT();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('app.language')}
      value={lang}
      onChange={(v) => void changeLanguage(v as Language)}
      data={[
        { value: 'en', label: <span lang="en">EN</span> },
        { value: 'he', label: <span lang="he">עב</span> },
      ]}
      data-testid="language-switch"
    />
  );
}
