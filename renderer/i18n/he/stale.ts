import type { Messages } from '../en';

export default {
  title: 'הרשומה השתנתה מאז שנפתחה',
  checking: 'מישהו שינה את הרשומה מאז שנפתחה. קוראים את הגרסה הנוכחית…',
  record: '{{what}} · {{name}}',
  changes_one: '{{what}} · {{name}}: שינוי אחד מאז שנפתחה',
  changes_two: '{{what}} · {{name}}: שני שינויים מאז שנפתחה',
  changes_other: '{{what}} · {{name}}: {{count, number}} שינויים מאז שנפתחה',
  field: 'שדה',
  before: 'כשנפתחה',
  after: 'עכשיו',
  rows_one: 'שורה אחת',
  rows_two: 'שתי שורות',
  rows_other: '{{count, number}} שורות',
  gone: 'הרשומה כבר לא קיימת: היא נמחקה מאז שנפתחה.',
  unknownBefore: 'המסך לא שמר את הגרסה שראיתם; מוצגת הגרסה הנוכחית.',
  nothingShown: 'אף אחד מהשדות המוצגים כאן לא השתנה.',
  unread: 'לא ניתן היה לקרוא את הגרסה הנוכחית. יש לטעון את המסך מחדש לפני שמחליטים שוב.',
  decideForm: 'דבר לא נשמר. מה שהזנתם נשמר בטופס, והטופס נושא עכשיו את הגרסה הנוכחית: בדקו ולחצו שוב על „{{action}}”.',
  decideCommand: 'דבר לא בוצע. הרשומה מוצגת עכשיו בגרסתה הנוכחית: בדקו אותה ולחצו שוב על „{{action}}” אם עדיין תרצו.',
} satisfies Messages['stale'];
