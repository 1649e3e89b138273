import { useCanRead } from '../../session/usePermissions';
import { sectionAreas, sectionPaidAreas, type HomeSection } from '../../resources/home';
import { useToday, type Today } from '../../lib/useToday';

/** What the home's figures are counted against: today and the time zone. */
export type HomeNow = Today;
export const useHomeNow = useToday;

export { useAreasState } from '../../data/localCopy';

/**
 * The areas a section waits for: those it reads, and the payments its owed sums subtract where the
 * key may read them (without, its sums are the totals, said so, and wait for nothing more).
 */
export function useSectionAreas(section: HomeSection): string[] {
  const canRead = useCanRead();
  return [...sectionAreas(section), ...sectionPaidAreas(section).filter(canRead)];
}
