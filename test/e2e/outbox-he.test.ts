import { outboxJourney } from './outbox';

outboxJourney('he');
