import { workViewsJourney } from './work-views';

/** Issue 22: the work views on the local copy, in English. */
workViewsJourney('en');
