import { EXPENSES } from '../resources/expenses';
import { REVIEW_AREA } from '../resources/groups';
import { ReviewQueue } from '../screens/expenses/ReviewQueue';
import { ReviewBar } from '../screens/expenses/ReviewBar';
import { AreaScreen, type GroupScreenProps } from './AreaScreen';

/** Lazy chunk of the "expenses" group: its areas, the review queue, and each expense with its place in the queue. */
export default function ExpensesGroup({ area, id, mode, sub }: GroupScreenProps) {
  if (area === REVIEW_AREA) return id || mode ? null : <ReviewQueue />;
  const decl = EXPENSES.find((d) => d.area === area);
  if (!decl) return null;
  if (area === 'expenses' && id && !mode) {
    return (
      <>
        <ReviewBar key={id} id={id} />
        <div style={{ marginTop: 'var(--mantine-spacing-md)' }}><AreaScreen decl={decl} id={id} mode={mode} sub={sub} /></div>
      </>
    );
  }
  return <AreaScreen decl={decl} id={id} mode={mode} sub={sub} />;
}
