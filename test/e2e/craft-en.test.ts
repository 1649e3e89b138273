import { craftJourney } from './craft';

craftJourney('en');
