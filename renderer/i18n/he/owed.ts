import type { Messages } from '../en';

export default {
  hint: {
    unreadable: 'סכומים מלאים: המפתח הזה לא יכול לקרוא תקבולים',
    filling: 'סכומים מלאים עד שהתקבולים יועתקו',
  },
  note: {
    unreadable: 'המפתח הזה לא יכול לקרוא תקבולים (payments:read), ולכן מה שכבר שולם על מסמך ששולם חלקית לא מנוכה.',
    filling: 'מה שכבר שולם ינוכה כשהעותק המקומי של התקבולים יושלם.',
  },
} satisfies Messages['owed'];
