import type { Messages } from '../en';

export default {
  close: 'המסמך יסומן כסגור.',
  reopen: 'המסמך ייפתח מחדש.',
  approve: 'לאחר האישור אפשר לשלם, לזכות או לבטל את ההוצאה, אבל לא לערוך אותה.',
} satisfies Messages['confirmAction'];
