import { localCopyJourney } from './local-copy';

localCopyJourney('en');
