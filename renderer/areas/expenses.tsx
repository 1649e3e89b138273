import { EXPENSES } from '../resources/expenses';
import { groupScreen } from './AreaScreen';

/** Lazy chunk of the "expenses" group. */
export default groupScreen(EXPENSES);
