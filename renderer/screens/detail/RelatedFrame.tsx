import { useAreasState } from '../../data/localCopy';
import { useT } from '../../i18n';
import { NoteWithOwed, type GridOwed } from '../../kit/FigureGrid';
import { noteKeyOf } from '../../rules/home';
import { useHeadingLevel } from '../../kit/headingLevel';
import { PaperSection } from '../../kit/PaperSection';
import { formatTimestamp } from '../../lib/format';
import type { RelatedSpec } from '../../resources/types';
import { areasOf, paidAreasOfSpec } from '../../rules/related';

type State = 'waiting' | 'loading' | 'done' | 'error';

/** A related section's frame: its title, how fresh its copy is, and `data-state` (every figure on screen). */
export function RelatedFrame({ spec, state, children, owed }: { spec: RelatedSpec; state: State; children: React.ReactNode; owed?: GridOwed }) {
  const { t, locale } = useT();
  const level = useHeadingLevel();
  // As fresh as the oldest of what it counts (the payments too: a key without them has no sync of them).
  const { asOf } = useAreasState([...areasOf(spec), ...paidAreasOfSpec(spec)]);
  const note = spec.kind === 'totals' && spec.note ? t(`related.notes.${noteKeyOf(spec.note, owed)}` as never) : null;
  const id = `related-${spec.key}`;
  return (
    <PaperSection
      titleId={id} title={t(`related.${spec.key}` as never)} level={level}
      aside={asOf && state !== 'waiting' && <span className="as-of">{t('home.asOf', { time: formatTimestamp(asOf, locale) })}</span>}
      note={note && <NoteWithOwed note={note} owed={owed} />}
      data-testid={id} data-state={state} data-related={spec.key}
    >
      {children}
    </PaperSection>
  );
}
