import type { Messages } from '../en';

export default {
  upToDate: 'מעודכן',
  busy: 'מסנכרן {{area}}: {{n}}',
  offline: 'לא מחובר: העותק מ־{{time}}',
} satisfies Messages['sync'];
