import type { Messages } from '../en';

export default {
  button: 'מחיקה',
  title: 'למחוק את {{name}}?',
  bodyRestorable: 'הרשומה תיעלם מהרשימות. ההיסטוריה שלה נשמרת, ואפשר לשחזר אותה מהאפליקציה.',
  bodyFinal: 'הרשומה תיעלם מהרשימות.',
  confirm: 'מחיקה',
  done: 'נמחק',
} satisfies Messages['delete'];
