import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/noto-sans-hebrew/400.css';
import '@fontsource/noto-sans-hebrew/700.css';
import '@mantine/core/styles.css';
import './styles/app.css';
import { setupI18n, dirOf } from './i18n';
import { Root } from './app/Root';

void setupI18n().then((lang) => {
  document.documentElement.lang = lang;
  document.documentElement.dir = dirOf(lang);
  const el = document.getElementById('root');
  if (el) createRoot(el).render(<StrictMode><Root /></StrictMode>);
});
