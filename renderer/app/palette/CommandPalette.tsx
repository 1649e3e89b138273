import '@mantine/spotlight/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { Text, useMantineColorScheme } from '@mantine/core';
import { Spotlight, createSpotlight, useSpotlight } from '@mantine/spotlight';
import { IconArrowRight, IconArrowLeft, IconClock, IconFileText, IconKeyboard, IconLanguage, IconPalette, IconPlus, IconSearch } from '@tabler/icons-react';
import { changeLanguage, dirOf, labelsOf, useT } from '../../i18n';
import { useGo } from '../../nav/links';
import { toCreate, toDrawer, toList } from '../../nav/paths';
import { GROUPS, SEARCH_AREAS } from '../../resources/groups';
import { GROUP_KEYS } from '../../resources/types';
import { declOf, labelOf } from '../../resources/lookup';
import { usePermissionFacts } from '../../session/usePermissions';
import { missingFor } from '../../rules/permissions';
import { schemeOf } from '../colorScheme';
import { cellText, getPath } from '../../lib/format';
import { MIN_SEARCH, useRecordSearch, type SearchSource } from './useRecordSearch';
import { useLocalStatusPart } from '../../data/localCopy';
import { useNextExpense } from './nextExpense';
import { THEMES } from '../../../shared/views';
import type { CellKind, CellTexts, LocalStatus } from '../../../shared';
import { useProfileList } from '../../session/useProfileList';
import { recentList } from '../../session/recentlyViewed';

/** Recently viewed records the palette offers before anything is typed (and, typed, those whose name matches). */
const RECENT_SHOWN = 8;
/** Areas whose copy is filled (none while the copy is off). */
const readyAreas = (s: LocalStatus) => (s.enabled ? s.areas.filter((a) => a.ready).map((a) => a.area) : []);

const [store, palette] = createSpotlight();
/** Opens the palette (the shell's Ctrl/⌘+K, its header button). */
export const openPalette = palette.open;

interface Item { id: string; label: string; description?: string; icon: React.ReactNode; run: () => void }
interface ItemGroup { key: string; label: string; items: Item[] }

const matches = (q: string) => (label: string) => !q || label.toLocaleLowerCase().includes(q.toLocaleLowerCase());

const SECONDARY_KINDS: ReadonlySet<CellKind> = new Set(['text', 'date', 'enum', 'country']);

/**
 * Up to two short values of a found record besides its name (an email, a SKU, a document number, its
 * type and date), written as the table writes them: words for codes, dates in the user's locale.
 */
function secondary(area: string, row: Record<string, unknown>, locale: string, texts: CellTexts): string {
  const d = declOf(area);
  const cols = (d?.list?.columns ?? []).filter((c) => !c.hidden && c.key !== d?.detail.title && SECONDARY_KINDS.has(c.kind));
  return cols.map((c) => cellText(c, row, locale, texts)).filter((v) => v.trim() !== '').slice(0, 2).join(' · ');
}

/**
 * The command palette (Mantine Spotlight): go to any area, find records in customers, suppliers,
 * leads, products and documents through the API's search, and run commands (create, the next
 * expense to approve, theme, language, the shortcut list). `denied`: areas the key cannot read.
 */
export default function CommandPalette({ denied, onShortcuts }: { denied: ReadonlySet<string>; onShortcuts: () => void }) {
  const { t, dyn, lang, locale } = useT();
  const go = useGo();
  const facts = usePermissionFacts();
  const { setColorScheme } = useMantineColorScheme();
  const [query, setQuery] = useState('');
  const { selected, opened } = useSpotlight(store);
  // A fresh palette each time it opens (cleared here, not when its closing animation ends: opened
  // again quickly, that would wipe what the user had begun to type).
  useEffect(() => { if (opened) setQuery(''); }, [opened]);
  // Every area whose local copy is filled, the API's searchable areas besides.
  const local = useLocalStatusPart(readyAreas);
  const searchable = useMemo(() => {
    const ready = new Set(local ?? []);
    const order = [...SEARCH_AREAS, ...GROUP_KEYS.flatMap((g) => GROUPS[g]).filter((a) => !(SEARCH_AREAS as readonly string[]).includes(a))];
    return order.flatMap((area): SearchSource[] => (denied.has(area) ? [] : ready.has(area) ? [{ area, from: 'local' }] : (SEARCH_AREAS as readonly string[]).includes(area) ? [{ area, from: 'api' }] : []));
  }, [denied, local]);
  const found = useRecordSearch(opened ? query : '', searchable, lang);
  const nextExpense = useNextExpense(!denied.has('expenses'));
  const recent = useProfileList(recentList);
  const Forward = dirOf(lang) === 'rtl' ? IconArrowLeft : IconArrowRight;

  const groups = useMemo<ItemGroup[]>(() => {
    const q = query.trim();
    const hit = matches(q);
    const areas = GROUP_KEYS.flatMap((g) => GROUPS[g]);
    const goTo: Item[] = areas.filter((a) => hit(dyn('areas', a))).map((a) => ({
      id: `go-${a}`, label: dyn('areas', a), icon: <Forward size={16} aria-hidden />, run: () => go(toList(a)),
      ...(denied.has(a) ? { description: t('app.locked') } : {}),
    }));
    const commands: Item[] = [];
    for (const a of areas) {
      const create = declOf(a)?.writes?.create;
      if (create && !denied.has(a) && missingFor(create.route, undefined, facts).length === 0) {
        commands.push({ id: `new-${a}`, label: dyn('newRecord', a), icon: <IconPlus size={16} aria-hidden />, run: () => go(toCreate(a)) });
      }
    }
    if (nextExpense) commands.push({ id: 'next-expense', label: nextExpense.label, icon: <IconFileText size={16} aria-hidden />, run: nextExpense.run });
    for (const theme of THEMES) {
      commands.push({ id: `theme-${theme}`, label: t('palette.useTheme', { theme: t(`ui.${theme}`) }), icon: <IconPalette size={16} aria-hidden />, run: () => setColorScheme(schemeOf(theme)) });
    }
    commands.push({ id: 'language', label: t('palette.switchLanguage'), icon: <IconLanguage size={16} aria-hidden />, run: () => void changeLanguage(lang === 'he' ? 'en' : 'he') });
    commands.push({ id: 'shortcuts', label: t('shortcuts.title'), icon: <IconKeyboard size={16} aria-hidden />, run: onShortcuts });
    const viewed: Item[] = recent.filter((r) => !denied.has(r.area) && hit(r.name)).slice(0, RECENT_SHOWN).map((r) => ({
      id: `recent-${r.area}-${r.id}`, label: r.name, description: dyn('areas', r.area), icon: <IconClock size={16} aria-hidden />, run: () => go(toDrawer(r.area, r.id)),
    }));
    const cellTexts: CellTexts = { status: labelsOf('status', lang), enums: labelsOf('enums', lang), yes: t('app.yes'), no: t('app.no') };
    const records: ItemGroup[] = q.length >= MIN_SEARCH && found.query === q
      ? found.hits.filter((h) => h.rows.length > 0).map((h) => ({
        key: `records-${h.area}`,
        label: t('palette.records', { area: dyn('areas', h.area) }),
        items: h.rows.map((row) => {
          const rowId = getPath(row, declOf(h.area)?.list?.rowId ?? 'id');
          return {
            id: `rec-${h.area}-${String(rowId)}`, label: labelOf(h.area, row), description: secondary(h.area, row, locale, cellTexts),
            icon: <IconSearch size={16} aria-hidden />, run: () => { if (typeof rowId === 'string') go(toDrawer(h.area, rowId)); },
          };
        }),
      }))
      : [];
    return [
      { key: 'recent', label: t('palette.recent'), items: viewed },
      { key: 'goto', label: t('palette.goTo'), items: goTo },
      { key: 'commands', label: t('palette.commands'), items: commands.filter((c) => hit(c.label)) },
      ...records,
    ].filter((g) => g.items.length > 0);
  }, [query, found, denied, facts, dyn, t, lang, locale, go, setColorScheme, nextExpense, onShortcuts, Forward, recent]);

  const flat = groups.flatMap((g) => g.items);
  const optionId = (i: number) => `palette-option-${i}`;
  const failed = found.hits.filter((h) => h.error);
  const q = query.trim();
  const status = q.length > 0 && q.length < MIN_SEARCH ? t('palette.typeMore')
    : found.searching ? t('palette.searching')
      : q.length >= MIN_SEARCH && flat.length === 0 ? t('palette.nothing', { query: q }) : '';
  let n = 0;
  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      clearQueryOnClose={false}
      scrollable
      maxHeight={440}
      title={t('palette.title')}
      styles={{ header: { display: 'none' } }}
      data-testid="palette"
    >
      <Spotlight.Search
        placeholder={t('palette.placeholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        aria-label={t('palette.title')}
        role="combobox"
        aria-expanded
        aria-controls="palette-list"
        aria-autocomplete="list"
        aria-activedescendant={selected >= 0 && selected < flat.length ? optionId(selected) : undefined}
        data-testid="palette-input"
      />
      <Spotlight.ActionsList id="palette-list" role="listbox" aria-label={t('palette.title')}>
        {groups.map((g) => (
          <Spotlight.ActionsGroup key={g.key} label={g.label} role="group" aria-label={g.label} data-group={g.key}>
            {g.items.map((item) => {
              const i = n++;
              return (
                <Spotlight.Action
                  key={item.id}
                  // Spotlight.Action drops an id prop; the input's aria-activedescendant needs one
                  ref={(el: HTMLButtonElement | null) => { if (el) el.id = optionId(i); }}
                  role="option"
                  aria-selected={i === selected}
                  label={item.label}
                  description={item.description}
                  leftSection={item.icon}
                  onClick={item.run}
                  data-item={item.id}
                />
              );
            })}
          </Spotlight.ActionsGroup>
        ))}
      </Spotlight.ActionsList>
      <div className="palette-status" role="status" aria-live="polite" data-testid="palette-status">
        {status && <Text size="sm" c="dimmed" px="md" py="xs">{status}</Text>}
        {failed.map((h) => (
          <Text key={h.area} size="sm" c="red" px="md" pb="xs">{t('palette.searchFailed', { area: dyn('areas', h.area), message: t(`errors.kind.${h.error!.kind}`) })}</Text>
        ))}
      </div>
    </Spotlight.Root>
  );
}
