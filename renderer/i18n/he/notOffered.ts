import type { Messages } from '../en';

export default {
  convertedLead: 'אי אפשר למחוק ליד שהומר: הוא הפך ללקוח, והשירות שומר אותו.',
} satisfies Messages['notOffered'];
