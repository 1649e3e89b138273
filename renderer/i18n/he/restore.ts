import type { Messages } from '../en';

export default {
  button: 'שחזור',
  done: 'שוחזר',
  offer: 'אם הרשומה נמחקה, אפשר לשחזר אותה.',
  recentlyDeleted: 'נמחקו מהאפליקציה ({{n}})',
  showAll: 'הצגת הכול',
  showFewer: 'הצגת פחות',
} satisfies Messages['restore'];
