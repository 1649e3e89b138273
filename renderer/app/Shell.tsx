import { Suspense, lazy, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Burger, Center, Group, Loader, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useT } from '../i18n';
import { useAppLocation } from '../router/router';
import { NavMenu } from './NavMenu';
import { ProfileButton } from './ProfileButton';
import { LanguageSwitch } from './LanguageSwitch';
import { useAccessReport } from './profiles';
import { useActiveProfile } from './activeProfile';
import { useDeniedAreas } from './useDeniedAreas';
import { useAccessSeen } from '../state/AccessContext';
import { markAppReady } from './ready';
import { ConfirmHost } from '../components/confirm';

// Not needed for the first paint: the profile menu (and its positioning code) and the notices.
const ProfileSwitcher = lazy(() => import('./ProfileSwitcher'));
const Notices = lazy(() => import('../components/Notices'));
// Connection banners and running exports: loaded after the first paint, on every screen.
const NetworkBanner = lazy(() => import('./NetworkBanner'));
const ExportTray = lazy(() => import('./ExportTray'));

/** Focus on the main region: the next Tab goes to the screen's first control. */
const focusMain = () => document.getElementById('main')?.focus();

/** The app frame: header (business, TEST/LIVE, language), grouped navigation, the current screen. */
export function Shell({ children }: { children: React.ReactNode }) {
  const { t, lang } = useT();
  const { profiles, active } = useActiveProfile();
  const route = useAppLocation();
  const [opened, { toggle, close }] = useDisclosure();
  const report = useAccessReport(active.id);
  const { seen403, reset } = useAccessSeen();
  const qc = useQueryClient();
  useEffect(() => markAppReady(), []);
  useEffect(() => reset(), [active.id, reset]);
  const denied = useDeniedAreas(active, report.data ?? null, seen403);
  const businessName = report.data?.business_name ?? active.business_name;

  // Main may switch profiles itself (another window, a menu): refresh everything then.
  useEffect(() => window.bridge?.on('profiles.changed', () => void qc.invalidateQueries()), [qc]);

  // A screen change that removed the focused element (a table row, a back link) puts focus on the
  // new screen rather than leaving it on <body>, where Tab would restart at the top of the window.
  // Only on a change of screen (not the first one: Tab starts at the skip link there).
  const screenKey = `${route.area ?? ''}/${route.id ?? ''}/${route.mode ?? ''}/${route.sub ?? ''}`;
  const shownScreen = useRef(screenKey);
  useEffect(() => {
    if (shownScreen.current === screenKey) return;
    shownScreen.current = screenKey;
    if (document.activeElement === null || document.activeElement === document.body) focusMain();
  }, [screenKey]);

  return (
    // A plain header / navigation / main frame (app.css .frame): Mantine's AppShell would bring its
    // scroll-locking code to the first screen for a layout this simple.
    <div className="frame" data-nav-open={opened || undefined}>
      {/* Inside the router: notices carry links to records. They sit on the navigation's side, away from
          the form buttons at the end of each screen, which they would otherwise cover. */}
      <Suspense fallback={null}><Notices position={lang === 'he' ? 'bottom-right' : 'bottom-left'} /></Suspense>
      <ConfirmHost />
      <Suspense fallback={null}><ExportTray /></Suspense>
      {/* Focus moves without touching the hash: "#main" would be read as a route. */}
      <a href="#main" className="skip-link" onClick={(e) => { e.preventDefault(); focusMain(); }}>{t('app.skipToContent')}</a>
      <header className="frame-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('app.openMenu')} />
            <Text fw={700} size="lg" component="span">{t('app.title')}</Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Suspense fallback={<ProfileButton active={active} businessName={businessName} />}>
              <ProfileSwitcher profiles={profiles} active={active} businessName={businessName} />
            </Suspense>
            <LanguageSwitch />
          </Group>
        </Group>
      </header>
      <nav className="frame-nav" aria-label={t('app.mainNav')}>
        <NavMenu current={route.area} denied={denied} onNavigate={close} />
      </nav>
      <main className="frame-main" id="main" tabIndex={-1} aria-labelledby="screen-title">
        <Suspense fallback={null}><NetworkBanner /></Suspense>
        <Suspense fallback={<Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>}>
          {children}
        </Suspense>
      </main>
    </div>
  );
}
