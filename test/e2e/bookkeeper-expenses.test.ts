import { bookkeeperJourneys } from './bookkeeper';

/** The bookkeeper's expense journeys in English (issue 12). */
bookkeeperJourneys('en');
