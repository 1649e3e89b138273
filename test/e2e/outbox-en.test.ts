import { outboxJourney } from './outbox';

outboxJourney('en');
