import { Suspense, lazy, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Burger, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconKeyboard, IconSearch } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { useT, withAllTexts } from '../i18n';
import { useAppLocation, useShownPath } from '../nav/location';
import { NavMenu } from './NavMenu';
import { ProfileButton } from '../kit/ProfileButton';
import { LanguageSwitch } from '../kit/LanguageSwitch';
import { afterProfileChange, useAccessReport } from '../session/profiles';
import { useActiveProfile } from '../session/activeProfile';
import { useDeniedAreas } from './useDeniedAreas';
import { useAccessSeen } from '../session/AccessContext';
import { markAppReady, markScreenArriving, markScreenShown } from '../kit/appReady';
import { ConfirmHost } from '../kit/confirm';
import { ThemeSwitch } from './ThemeSwitch';
import { useGlobalShortcuts } from '../keys/useGlobalShortcuts';
import { isMac, keyLabel } from '../keys/bindings';
import { preloadable } from '../lib/preloadable';

// Not needed for the first paint: the profile menu (and its positioning code) and the notices.
const ProfileSwitcher = lazy(() => import('./ProfileSwitcher'));
const Notices = lazy(() => import('../kit/Notices'));
// Connection banners and running exports: loaded after the first paint, on every screen.
const NetworkBanner = lazy(() => import('./NetworkBanner'));
const ExportTray = lazy(() => import('./ExportTray'));
// The local copy's state in the header, and main's sync events.
const SyncStatus = lazy(() => import('./SyncStatus'));
// Changes waiting in the outbox, and main's outbox events (its texts come with the rest of the language's).
const OutboxBadge = lazy(withAllTexts(() => import('./OutboxBadge')));
// The palette (Spotlight and the record search) and the shortcut list load when first asked for,
// the palette also in the background once the first screen is up, so Ctrl/⌘+K opens it at once.
const loadPalette = () => import('./palette/CommandPalette');
const CommandPalette = preloadable(() => loadPalette().then((m) => m.default));
const ShortcutHelp = lazy(() => import('./ShortcutHelp'));

/** Focus on the main region: the next Tab goes to the screen's first control. */
const focusMain = () => document.getElementById('main')?.focus();

/**
 * The parts of the frame that follow the current screen read it themselves: the frame, its header
 * and its notices do not re-render on every navigation.
 */
function CurrentNav({ denied, onNavigate }: { denied: ReadonlySet<string>; onNavigate: () => void }) {
  return <NavMenu current={useAppLocation().area} denied={denied} onNavigate={onNavigate} />;
}

/**
 * A screen change that removed the focused element (a table row, a back link) puts focus on the
 * new screen rather than leaving it on <body>, where Tab would restart at the top of the window.
 * Only on a change of screen (not the first one: Tab starts at the skip link there).
 */
function FocusOnScreenChange() {
  const route = useAppLocation();
  const screenKey = `${route.area ?? ''}/${route.id ?? ''}/${route.mode ?? ''}/${route.sub ?? ''}`;
  const shownScreen = useRef(screenKey);
  useEffect(() => {
    if (shownScreen.current === screenKey) return;
    shownScreen.current = screenKey;
    // At the next frame, with whatever else the new screen renders in: focusing forces a layout,
    // which done now would be done again for the paint.
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === null || document.activeElement === document.body) focusMain();
    });
    return () => cancelAnimationFrame(frame);
  }, [screenKey]);
  return null;
}

/**
 * Tells the harness and the section styles which screen is arriving. Its own component: a
 * navigation re-renders it, not the frame, its header and their menus.
 */
function ScreenMarks() {
  const shownPath = useShownPath();
  useEffect(() => markScreenShown(shownPath), [shownPath]);
  useLayoutEffect(() => markScreenArriving(), [shownPath]);
  return null;
}

/** The app frame: header (business, TEST/LIVE, language), grouped navigation, the current screen. */
export function Shell({ children }: { children: React.ReactNode }) {
  const { t, lang } = useT();
  const { profiles, active } = useActiveProfile();
  const [opened, { toggle, close }] = useDisclosure();
  const report = useAccessReport(active.id);
  const { seen403, reset } = useAccessSeen();
  const qc = useQueryClient();
  useEffect(() => markAppReady(), []);
  useEffect(() => reset(), [active.id, reset]);
  const denied = useDeniedAreas(active, report.data ?? null, seen403);
  const businessName = report.data?.business_name ?? active.business_name;

  const [paletteWanted, setPaletteWanted] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const palette = useCallback(() => {
    setPaletteWanted(true);
    void loadPalette().then((m) => m.openPalette());
  }, []);
  const help = useCallback(() => setHelpOpen(true), []);
  const shortcutActions = useMemo(() => ({ palette, help }), [palette, help]);
  useGlobalShortcuts(shortcutActions);
  useEffect(() => {
    const idle = window.setTimeout(() => void CommandPalette.preload().catch(() => undefined), 1500);
    return () => window.clearTimeout(idle);
  }, []);

  // Main may switch profiles itself (another window, a menu): another business's records and this
  // visit's table states go, as after a switch made here; any other change of the profiles refreshes.
  const activeId = useRef(active.id);
  activeId.current = active.id;
  useEffect(() => window.bridge?.on('profiles.changed', ({ active_id }) => {
    void (active_id !== activeId.current ? afterProfileChange(qc) : qc.invalidateQueries());
  }), [qc]);

  return (
    // A plain header / navigation / main frame (app.css .frame): Mantine's AppShell would bring its
    // scroll-locking code to the first screen for a layout this simple.
    <div className="frame" data-nav-open={opened || undefined}>
      {/* Inside the router: notices carry links to records. They keep to the navigation's side (kit/Notices). */}
      <Suspense fallback={null}><Notices side={lang === 'he' ? 'right' : 'left'} /></Suspense>
      <ConfirmHost />
      <FocusOnScreenChange />
      <ScreenMarks />
      <Suspense fallback={null}><ExportTray /></Suspense>
      {paletteWanted && <Suspense fallback={null}><CommandPalette denied={denied} onShortcuts={help} /></Suspense>}
      {helpOpen && <Suspense fallback={null}><ShortcutHelp onClose={() => setHelpOpen(false)} /></Suspense>}
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
            <Suspense fallback={null}><OutboxBadge /></Suspense>
            <Suspense fallback={null}><SyncStatus /></Suspense>
            {/* Icon buttons are Buttons: ActionIcon's code would join the first screen for these two. */}
            <Button variant="default" size="compact-md" px={6} onClick={palette} aria-label={t('ui.openPalette')} title={`${t('ui.openPalette')} (${keyLabel('Mod', isMac())}+K)`} data-testid="palette-button">
              <IconSearch size={16} aria-hidden />
            </Button>
            <Button variant="default" size="compact-md" px={6} onClick={help} aria-label={t('ui.shortcuts')} title={`${t('ui.shortcuts')} (?)`} data-testid="shortcuts-button" visibleFrom="sm">
              <IconKeyboard size={16} aria-hidden />
            </Button>
            <ThemeSwitch />
            <LanguageSwitch />
          </Group>
        </Group>
      </header>
      <nav className="frame-nav" aria-label={t('app.mainNav')}>
        <CurrentNav denied={denied} onNavigate={close} />
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
