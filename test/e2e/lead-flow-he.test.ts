import { leadJourney } from './lead-journey';

/** Issue 11: the sales person's lead flow, in Hebrew (right to left, Hebrew labels, messages and data). */
leadJourney('he');
