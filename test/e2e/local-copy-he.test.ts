import { localCopyJourney } from './local-copy';

localCopyJourney('he');
