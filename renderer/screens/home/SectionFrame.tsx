import { Text } from '@mantine/core';
import { useT } from '../../i18n';
import { formatTimestamp } from '../../lib/format';
import { PaperSection } from '../../kit/PaperSection';
import { NoteWithOwed, type GridOwed } from '../../kit/FigureGrid';
import { noteKeyOf } from '../../rules/home';
import { sectionAreas, sectionPaidAreas, STALE_DAYS, type HomeSection } from '../../resources/home';
import { useAreasState } from './useHome';

export type SectionState = 'waiting' | 'loading' | 'done' | 'error';

/**
 * A section of the home screen: its title, what it counts, how fresh the copy it counts from is, and
 * its figures. `data-state` says whether every figure is on screen (tests and the bench wait for it).
 */
export function SectionFrame({ section, state, children, tools, owed }: { section: HomeSection; state: SectionState; children: React.ReactNode; tools?: React.ReactNode; owed?: GridOwed }) {
  const { t, locale } = useT();
  // As fresh as the oldest of what it counts (the payments too: a key without them has no sync of them).
  const { asOf } = useAreasState([...sectionAreas(section), ...sectionPaidAreas(section)]);
  const id = `home-${section.key}`;
  return (
    <PaperSection
      titleId={id} title={t(`home.sections.${section.key}` as never)} level={3}
      aside={<>{tools}{state !== 'waiting' && asOf && <span className="as-of" data-testid="as-of">{t('home.asOf', { time: formatTimestamp(asOf, locale) })}</span>}</>}
      note={section.note && <NoteWithOwed note={t(`home.notes.${noteKeyOf(section.note, owed)}` as never, { count: STALE_DAYS })} owed={owed} />}
      data-home-section={section.key} data-state={state} data-testid={`home-${section.key}`}
    >
      {children}
    </PaperSection>
  );
}

/** Until every area a section reads is filled, it says so: no figure is counted from part of a copy. */
export function SectionWaiting({ section, waitsFor }: { section: HomeSection; waitsFor: string[] }) {
  const { t, dyn } = useT();
  const { missing } = useAreasState(waitsFor);
  const read = missing.reduce((n, a) => n + (a.progress?.records ?? a.records), 0);
  const areas = (missing.length ? missing.map((a) => a.area) : waitsFor).map((a) => dyn('areas', a)).join(', ');
  return (
    <SectionFrame section={section} state="waiting">
      <Text size="sm" role="status" data-testid="home-waiting">{t('home.waiting', { areas, count: read })}</Text>
    </SectionFrame>
  );
}
