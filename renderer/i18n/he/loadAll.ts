import type { Messages } from '../en';

export default {
  button: 'טעינת הכול',
  loading_one: 'טוען את כל השורות: נטענה אחת עד כה…',
  loading_two: 'טוען את כל השורות: נטענו שתיים עד כה…',
  loading_other: 'טוען את כל השורות: נטענו {{count, number}} עד כה…',
  stop: 'עצירה',
  done_one: 'השורה היחידה',
  done_two: 'שתי השורות',
  done_other: 'כל {{count, number}} השורות',
  capped_one: 'השורה הראשונה: טבלה טוענת עד {{max}} שורות. צמצמו את הסינון כדי לראות את השאר.',
  capped_two: 'שתי השורות הראשונות: טבלה טוענת עד {{max}} שורות. צמצמו את הסינון כדי לראות את השאר.',
  capped_other: '{{count, number}} השורות הראשונות: טבלה טוענת עד {{max}} שורות. צמצמו את הסינון כדי לראות את השאר.',
  stopped_one: 'נטענה שורה אחת; הטעינה נעצרה לפני הסוף.',
  stopped_two: 'נטענו שתי שורות; הטעינה נעצרה לפני הסוף.',
  stopped_other: 'נטענו {{count, number}} שורות; הטעינה נעצרה לפני הסוף.',
  failed_one: 'הטעינה נעצרה אחרי שורה אחת.',
  failed_two: 'הטעינה נעצרה אחרי שתי שורות.',
  failed_other: 'הטעינה נעצרה אחרי {{count, number}} שורות.',
  caption_one: '{{area}}, השורה היחידה נטענה',
  caption_two: '{{area}}, שתי השורות נטענו',
  caption_other: '{{area}}, כל {{count, number}} השורות נטענו',
} satisfies Messages['loadAll'];
