import type { Messages } from '../en';

export default {
  title: 'לוח לידים',
  intro: 'לידים לפי סטטוס, השינוי האחרון ראשון. גררו כרטיס לעמודה אחרת כדי לשנות את הסטטוס שלו, או השתמשו בתפריט "העברה אל".',
  introReadOnly: 'לידים לפי סטטוס, השינוי האחרון ראשון.',
  waiting: 'הלוח מוצג מהעותק המקומי של הלידים כשהוא שלם ({{n}} נקראו עד כה).',
  denied: 'המפתח הזה לא יכול לקרוא לידים.',
  moveTo: 'העברה אל',
  moving: 'מועבר אל {{status}}…',
  moved: 'הועבר אל {{status}}',
  movedBack: 'הוחזר אל {{status}}',
  interest: 'שווי המוצרים שמעניינים:',
  changed: 'עודכן {{when}}',
  lostBecause: 'סיבת ההפסד:',
  lossTitle: 'למה {{name}} אבד?',
  lossReason: 'סיבת האובדן',
  markLost: 'סימון כ{{status}}',
  dismiss: 'סגירה',
  allOf: 'כל {{count}} הלידים בסטטוס {{status}}',
} satisfies Messages['board'];
