import { addTexts, createEngine, toolsFor, type Tools } from '../renderer/i18n/engine';
import type { Language } from '../renderer/i18n/lang';
import { en } from '../renderer/i18n/en';
import { he } from '../renderer/i18n/he';

/** The app's texts through the app's own i18next setup, as a test expects them on screen (plurals included). */
const engine = createEngine(() => 'en-US');
addTexts(engine, 'en', en);
addTexts(engine, 'he', he);
const tools = new Map<Language, Tools>();

export function textsIn(lang: Language): Tools {
  let t = tools.get(lang);
  if (!t) {
    t = toolsFor(engine, lang, lang === 'he' ? 'he-IL' : 'en-US');
    tools.set(lang, t);
  }
  return t;
}
