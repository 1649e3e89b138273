import { useAreasState } from '../../data/localCopy';
import { useT } from '../../i18n';
import { useHeadingLevel } from '../../kit/headingLevel';
import { PaperSection } from '../../kit/PaperSection';
import { formatTimestamp } from '../../lib/format';
import type { RelatedSpec } from '../../resources/types';
import { areasOf } from '../../rules/related';

type State = 'waiting' | 'loading' | 'done' | 'error';

/** A related section's frame: its title, how fresh its copy is, and `data-state` (every figure on screen). */
export function RelatedFrame({ spec, state, children }: { spec: RelatedSpec; state: State; children: React.ReactNode }) {
  const { t, locale } = useT();
  const level = useHeadingLevel();
  const { asOf } = useAreasState(areasOf(spec));
  const id = `related-${spec.key}`;
  return (
    <PaperSection
      titleId={id} title={t(`related.${spec.key}` as never)} level={level}
      aside={asOf && state !== 'waiting' && <span className="as-of">{t('home.asOf', { time: formatTimestamp(asOf, locale) })}</span>}
      note={spec.kind === 'totals' && spec.note && t(`related.notes.${spec.note}` as never)}
      data-testid={id} data-state={state} data-related={spec.key}
    >
      {children}
    </PaperSection>
  );
}
