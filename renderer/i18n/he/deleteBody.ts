import type { Messages } from '../en';

export default {
  leads: 'הליד יימחק יחד עם הפעילויות והמוצרים המבוקשים שלו. המשימות שלו נשארות, בלי קישור לליד. אי אפשר לבטל את המחיקה.',
} satisfies Messages['deleteBody'];
