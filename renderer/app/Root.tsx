import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DirectionProvider, MantineProvider, useDirection, useMantineColorScheme } from '@mantine/core';
import { useT, dirOf } from '../i18n';
import { AccessProvider } from '../session/AccessContext';
import { App } from './App';
import { invoke } from '../bridge/invoke';
import { cssVariablesResolver, theme } from './theme';
import { colorSchemeManager, schemeOf, themeFromMain } from './colorScheme';

/** Keeps <html lang dir> and Mantine's direction in step with the UI language. */
function DirectionSync() {
  const { lang } = useT();
  const { setDirection } = useDirection();
  useEffect(() => {
    const dir = dirOf(lang);
    document.documentElement.lang = lang;
    document.documentElement.dir = dir;
    setDirection(dir);
    // Main asks its native questions (closing with unsaved changes) in this language too.
    invoke('ui.setLanguage', { language: lang }).catch(() => undefined);
  }, [lang, setDirection]);
  return null;
}

/** Main keeps the theme: after a restart (or with the window's storage cleared) its choice is the one shown. */
function ThemeSync() {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    let live = true;
    void themeFromMain().then((t) => { if (live && t) setColorScheme(schemeOf(t)); });
    return () => { live = false; };
  }, [setColorScheme]);
  return null;
}

export function Root() {
  const { lang } = useT();
  // The API client in main already retries what is safe to retry; the UI does not add more.
  const [qc] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } }));
  return (
    <DirectionProvider initialDirection={dirOf(lang)} detectDirection={false}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
        <DirectionSync />
        <ThemeSync />
        <QueryClientProvider client={qc}>
          <AccessProvider>
            <App />
          </AccessProvider>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
