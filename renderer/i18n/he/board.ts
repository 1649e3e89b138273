import type { Messages } from '../en';

export default {
  title: 'לוח לידים',
  intro: 'לידים לפי סטטוס, השינוי האחרון ראשון. גררו כרטיס לעמודה אחרת כדי לשנות את הסטטוס שלו, או השתמשו בתפריט "העברה אל".',
  introReadOnly: 'לידים לפי סטטוס, השינוי האחרון ראשון.',
  waiting_one: 'הלוח יוצג מהעותק המקומי של הלידים כשהעותק יהיה שלם (עד כה נקרא ליד אחד).',
  waiting_two: 'הלוח יוצג מהעותק המקומי של הלידים כשהעותק יהיה שלם (עד כה נקראו שני לידים).',
  waiting_other: 'הלוח יוצג מהעותק המקומי של הלידים כשהעותק יהיה שלם (עד כה נקראו {{count, number}} לידים).',
  denied: 'המפתח הזה לא יכול לקרוא לידים.',
  moveTo: 'העברה אל',
  moving: 'מועבר אל {{status}}…',
  moved: '{{name}} עכשיו {{status}}',
  lossTitle: 'למה {{name}} אבד?',
  lossReason: 'סיבת האובדן',
  markLost: 'סימון כ{{status}}',
  dismiss: 'סגירה',
  allOf_one: 'הליד היחיד בסטטוס „{{status}}”',
  allOf_two: 'שני הלידים בסטטוס „{{status}}”',
  allOf_other: 'כל {{count, number}} הלידים בסטטוס „{{status}}”',
} satisfies Messages['board'];
