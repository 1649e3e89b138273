import type { Messages } from '../en';

export default {
  upToDate: 'מעודכן',
  filling: 'קריאת {{area}} (רשומות שנקראו: {{n}})',
  offline: 'לא מחובר: מוצג העותק מ־{{time}}',
  serviceBusy: 'השירות עמוס: מוצג העותק מ־{{time}}',
  keyRefused: 'המפתח נדחה: מוצג העותק מ־{{time}}',
  failed: 'הסנכרון נכשל: {{areas}}',
  denied: 'אין גישה עם המפתח הזה: {{areas}}',
} satisfies Messages['sync'];
