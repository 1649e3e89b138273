import { leadJourney } from './lead-journey';

/** Issue 11: the sales person's lead flow, in English. */
leadJourney('en');
