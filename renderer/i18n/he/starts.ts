import type { Messages } from '../en';

export default {
  issueDocument: 'הפקת מסמך מהטיוטה',
} satisfies Messages['starts'];
