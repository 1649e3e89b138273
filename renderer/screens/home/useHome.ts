import { useToday, type Today } from '../../lib/useToday';

/** What the home's figures are counted against: today and the time zone. */
export type HomeNow = Today;
export const useHomeNow = useToday;

export { useAreasState } from '../../data/localCopy';
