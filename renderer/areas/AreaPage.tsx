import { lazy } from 'react';
import { Paper, Text, Title } from '@mantine/core';
import { useT, withAllTexts } from '../i18n';
import { useAppLocation } from '../router/router';
import { ACTIVITY_AREA, groupOf, PROFILES_AREA } from '../resources/groups';
import { GROUP_SCREENS } from './lazy';
import { useActiveProfile } from '../app/activeProfile';

const ProfilesScreen = lazy(withAllTexts(() => import('../screens/profiles/ProfilesScreen')));
const ActivityScreen = lazy(withAllTexts(() => import('../screens/activity/ActivityScreen')));
const NotFoundScreen = lazy(() => import('../screens/access/NotFoundScreen').then((m) => ({ default: m.NotFoundScreen })));

export function HomePage() {
  const { t } = useT();
  return (
    <Paper withBorder p="xl">
      <Title order={1} size="h2" id="screen-title">{t('app.home')}</Title>
      <Text mt="sm">{t('app.welcome')}</Text>
    </Paper>
  );
}

/** Every area route (list, record, new, edit, action) renders its group's lazy chunk. */
export function AreaPage() {
  const { area, id, mode, sub } = useAppLocation();
  const { active } = useActiveProfile();
  if (area === PROFILES_AREA && !id && !mode) return <ProfilesScreen />;
  if (area === ACTIVITY_AREA && !id && !mode) return <ActivityScreen />;
  const group = area ? groupOf(area) : undefined;
  // Profiles and activity have one screen each (above); the review queue is a screen of the expenses group.
  if (!area || !group || area === PROFILES_AREA || area === ACTIVITY_AREA) return <NotFoundScreen />;
  const Screen = GROUP_SCREENS[group];
  // Another profile is another business: its screens start afresh, with that profile's table views.
  return <Screen key={`${active.id}/${area}`} area={area} id={id} mode={mode} sub={sub} />;
}
