import { craftJourney } from './craft';

craftJourney('he');
