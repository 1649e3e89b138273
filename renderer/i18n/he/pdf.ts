import type { Messages } from '../en';

export default {
  open: 'פתיחת PDF',
  openSystem: 'פתיחה במציג PDF',
  save: 'שמירת PDF',
  opening: 'פותח את ה־PDF…',
  saving: 'שומר את ה־PDF…',
  unavailable: 'עדיין אין PDF למסמך הזה.',
  saved: 'נשמר בשם {{name}}',
  cancelled: 'השמירה בוטלה.',
  opened: 'ה־PDF נפתח.',
} satisfies Messages['pdf'];
