import { Suspense, lazy, useEffect, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { asBridgeError } from '../bridge/invoke';
import { useT, withAllTexts } from '../i18n';
import { activeProfile, useActivate, useProfiles } from '../session/profiles';
import { ActiveProfileProvider } from '../session/activeProfile';
import { createAppRouter } from './routes';
import { viewsFor } from '../data/savedViews';

// First run (with the connect form and its validation) is its own chunk: most launches skip it.
const FirstRun = lazy(withAllTexts(() => import('../screens/firstrun/FirstRun')));
// The error screen explains access codes from the route table; only a failing start needs it.
const ErrorState = lazy(withAllTexts(() => import('../kit/ErrorState').then((m) => ({ default: m.ErrorState }))));

/** First run when there is no profile yet, the routed shell otherwise. */
export function App() {
  const { t } = useT();
  const profiles = useProfiles();
  const activate = useActivate();
  const qc = useQueryClient();
  const [router] = useState(() => createAppRouter(qc));
  const first = profiles.data && !activeProfile(profiles.data) ? profiles.data.profiles[0]?.id : undefined;
  // Profiles but none active (the active one was removed): use the first, as main would.
  useEffect(() => { if (first) void activate(first); }, [first, activate]);
  if (profiles.isPending) return <Center h="100vh" role="status"><Loader aria-label={t('app.loading')} /></Center>;
  if (profiles.error) return <Center h="100vh" p="xl"><Suspense fallback={<Loader aria-label={t('app.loading')} />}><ErrorState error={asBridgeError(profiles.error)} onRetry={() => void profiles.refetch()} /></Suspense></Center>;
  const active = activeProfile(profiles.data) ?? profiles.data.profiles[0] ?? null;
  if (!active) return <Suspense fallback={<Center h="100vh"><Loader aria-label={t('app.loading')} /></Center>}><FirstRun /></Suspense>;
  // The profile's table views start loading with the shell, before any table asks for its first page.
  void viewsFor(active.id);
  return (
    <ActiveProfileProvider profiles={profiles.data.profiles} active={active}>
      <RouterProvider router={router} />
    </ActiveProfileProvider>
  );
}
