import './home.css';
import { useEffect, useMemo } from 'react';
import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../i18n';
import { useLocalStatus } from '../../data/localCopy';
import { ScreenLink } from '../../nav/links';
import { toList } from '../../nav/paths';
import { LOCAL_COPY_AREA } from '../../resources/groups';
import { HOME_ROLES, sectionWaitsFor, type HomeSection } from '../../resources/home';
import { visibleRoles } from '../../rules/home';
import { useCanRead } from '../../session/usePermissions';
import { FiguresSection, GroupedFigures } from './FiguresSection';
import { MonthlySection } from './MonthlySection';
import { IssuesSection, LowStockSection } from './RowsSections';
import { SectionWaiting } from './SectionFrame';
import { preloadChart } from './ChartWithTable';
import { useAreasState, useHomeNow, type HomeNow } from './useHome';

/** One section: its figures once every area it waits for is filled, else what it waits for. */
function Section({ section, now, waitsFor }: { section: HomeSection; now: HomeNow; waitsFor: string[] }) {
  const { ready } = useAreasState(waitsFor);
  if (!ready) return <SectionWaiting section={section} waitsFor={waitsFor} />;
  switch (section.kind) {
    case 'figures': return <FiguresSection section={section} now={now} />;
    case 'grouped': return <GroupedFigures section={section} now={now} />;
    case 'monthly': return <MonthlySection section={section} now={now} />;
    case 'issues': return <IssuesSection section={section} now={now} />;
    case 'lowStock': return <LowStockSection section={section} now={now} />;
  }
}

/**
 * The home screen: each role's first questions (resources/home.ts), for the roles the key's reads
 * make it play, counted from the local copy in the user's language, each figure a link to its records.
 */
export default function HomeScreen() {
  const { t } = useT();
  const status = useLocalStatus();
  const canRead = useCanRead();
  const now = useHomeNow();
  const roles = useMemo(() => visibleRoles(HOME_ROLES, canRead), [canRead]);
  useEffect(() => { void preloadChart(); }, []);
  const s = status.data;
  const copyLink = <ScreenLink screen={toList(LOCAL_COPY_AREA)}>{t('home.toLocalCopy')}</ScreenLink>;
  return (
    <Stack gap="lg" data-testid="home" data-roles={roles.map((r) => r.key).join(' ')}>
      <div>
        <Title order={1} size="h2" id="screen-title">{t('app.home')}</Title>
        <Text c="dimmed" mt={4}>{t('home.intro')}</Text>
      </div>
      {!s ? (
        <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>
      ) : !s.enabled || s.storage === 'none' ? (
        <Alert color="gray" variant="light" data-testid="home-copy-off" title={t(s.storage === 'none' ? 'home.noCopy' : 'home.copyOff')}>
          {t('home.copyOffBody')} {copyLink}
        </Alert>
      ) : roles.length === 0 ? (
        <Alert color="gray" variant="light" data-testid="home-nothing">{t('home.nothingForKey')}</Alert>
      ) : (
        roles.map((role) => (
          <Stack key={role.key} gap="sm" component="section" aria-labelledby={`role-${role.key}`} data-role={role.key}>
            <Title order={2} size="h3" id={`role-${role.key}`}>{t(`home.roles.${role.key}`)}</Title>
            <div className="home-sections">
              {role.sections.map((section) => <Section key={section.key} section={section} now={now} waitsFor={sectionWaitsFor(section, canRead)} />)}
            </div>
          </Stack>
        ))
      )}
    </Stack>
  );
}
