import type { Messages } from '../en';

export default {
  filters: 'סינון',
  search: 'חיפוש',
  searchIn: 'חיפוש לפי: {{fields}}',
  status: 'מצב',
  anyStatus: 'כל המצבים',
  createdOnOrAfter: 'נוצר החל מ־',
  updatedOnOrAfter: 'עודכן החל מ־',
  fromTime: 'משעה',
  timeOf: '{{what}}: משעה',
  yourClock: 'לפי השעון שלך: {{zone}}',
  pageSize: 'שורות בעמוד',
  next: 'העמוד הבא',
  previous: 'העמוד הקודם',
  page: 'עמוד {{n}}',
  columns: 'עמודות',
  empty: 'אין עדיין רשומות.',
  emptyFiltered: 'אין רשומות שמתאימות לסינון.',
  clearFilters: 'ניקוי הסינון',
  caption: '{{area}}, עמוד {{n}}, {{count}} שורות',
  openRow: 'פתיחת {{name}}',
} satisfies Messages['list'];
