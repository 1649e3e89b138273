import { bookkeeperJourneys } from './bookkeeper';

/** The same journeys in Hebrew: right to left, Hebrew labels, messages and data. */
bookkeeperJourneys('he');
