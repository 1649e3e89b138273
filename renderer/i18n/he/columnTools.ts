import type { Messages } from '../en';

export default {
  moveUp: 'הזזת {{name}} למעלה',
  moveDown: 'הזזת {{name}} למטה',
  resize: 'רוחב העמודה {{name}} בפיקסלים (ריק: לפי התוכן)',
  autoWidth: 'אוטומטי',
  reset: 'עמודות ברירת מחדל',
} satisfies Messages['columnTools'];
