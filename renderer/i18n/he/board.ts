import type { Messages } from '../en';

export default {
  title: 'לוח לידים',
  intro: 'לידים לפי סטטוס, האחרונים שהשתנו למעלה. כדי לשנות סטטוס, גררו כרטיס לעמודה אחרת או השתמשו בתפריט „העברה אל”.',
  introReadOnly: 'לידים לפי סטטוס, האחרונים שהשתנו למעלה.',
  waiting_one: 'הלוח יוצג מהעותק המקומי של הלידים כשהעותק יהיה שלם (עד כה נקרא ליד אחד).',
  waiting_two: 'הלוח יוצג מהעותק המקומי של הלידים כשהעותק יהיה שלם (עד כה נקראו שני לידים).',
  waiting_other: 'הלוח יוצג מהעותק המקומי של הלידים כשהעותק יהיה שלם (עד כה נקראו {{count, number}} לידים).',
  denied: 'למפתח הזה אין הרשאה לקרוא לידים.',
  moveTo: 'העברה אל',
  moving: 'מעבירים ל„{{status}}”…',
  moved: 'הליד {{name}} הועבר ל„{{status}}”',
  lossTitle: 'מדוע הליד {{name}} אבד?',
  lossReason: 'סיבת האובדן',
  markLost: 'סימון כ„{{status}}”',
  dismiss: 'סגירה',
  allOf_one: 'הליד היחיד בסטטוס „{{status}}”',
  allOf_two: 'שני הלידים בסטטוס „{{status}}”',
  allOf_other: 'כל {{count, number}} הלידים בסטטוס „{{status}}”',
} satisfies Messages['board'];
