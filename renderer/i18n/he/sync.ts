import type { Messages } from '../en';

export default {
  upToDate: 'מעודכן',
  busy: 'מסנכרן {{area}}: {{n}}',
  offline: 'לא מחובר: מוצג העותק מ־{{time}}',
  serviceBusy: 'השירות עמוס: מוצג העותק מ־{{time}}',
  keyRefused: 'המפתח נדחה: מוצג העותק מ־{{time}}',
} satisfies Messages['sync'];
