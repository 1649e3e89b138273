import { EXPENSES } from '../resources/expenses';
import { ReviewBar } from '../screens/expenses/ReviewBar';
import { defineGroup } from './group';

/** Lazy chunk of the "expenses" group: each expense shows its place in the review queue. */
export default defineGroup(EXPENSES, { expenses: { recordBanner: ReviewBar } });
