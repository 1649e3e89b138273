import { workViewsJourney } from './work-views';

/** Issue 22: the work views on the local copy, in Hebrew (right to left, Hebrew words and data). */
workViewsJourney('he');
