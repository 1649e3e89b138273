import type { Messages } from '../en';

export default {
  recent: 'נצפו לאחרונה',
  title: 'לוח פקודות',
  placeholder: 'מעבר לתחום, חיפוש רשומה או הפעלת פקודה…',
  goTo: 'מעבר אל',
  commands: 'פקודות',
  records: '{{area}}',
  searching: 'מחפש…',
  typeMore: 'הקלידו שתי אותיות או יותר כדי למצוא רשומות.',
  nothing: 'לא נמצא דבר עבור „{{query}}”.',
  searchFailed: 'לא ניתן לחפש ב{{area}}: {{message}}',
  openArea: 'פתיחת {{area}}',
  useTheme: 'ערכת צבעים: {{theme}}',
  switchLanguage: 'English (אנגלית)',
  approveNext: 'אישור ההוצאה הבאה שממתינה לבדיקה',
  reviewNext: 'פתיחת ההוצאה הבאה שממתינה לבדיקה',
  noneWaiting: 'אין הוצאה שממתינה לבדיקה.',
} satisfies Messages['palette'];
