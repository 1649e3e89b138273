import type { Messages } from '../en';

export default {
  button: 'טעינת הכול',
  loading: 'טוען את כל השורות: {{n}} עד כה…',
  stop: 'עצירה',
  done: 'כל {{n}} השורות',
  capped: '{{n}} השורות הראשונות: טבלה טוענת עד {{max}}. צמצמו את הסינון כדי לראות את השאר.',
  stopped: 'נטענו {{n}} שורות; הטעינה נעצרה לפני הסוף.',
  failed: 'הטעינה נעצרה אחרי {{n}} שורות.',
  caption: '{{area}}, כל {{count}} השורות נטענו',
} satisfies Messages['loadAll'];
