import type { Messages } from '../en';

export default {
  resembles: 'ההוצאה שהיא דומה לה:',
  hints: {
    duplicate_suspected: 'השוו בין שתי ההוצאות. אם זו אותה חשבונית שהוזנה פעמיים, אל תאשרו אותה (טיוטה אפשר למחוק). אם זו חשבונית אחרת, ערכו אותה, בדקו מול המסמך את מספר המסמך של הספק, התאריך והסכומים ושמרו: השירות יבדוק אותה שוב.',
  },
  title: 'עדיין אי אפשר לבצע {{action}}:',
} satisfies Messages['blockers'];
