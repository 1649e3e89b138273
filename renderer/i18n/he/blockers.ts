import type { Messages } from '../en';

export default {
  title: 'עדיין אי אפשר לבצע {{action}}:',
} satisfies Messages['blockers'];
