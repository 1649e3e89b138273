import type { Messages } from '../en';

export default {
  red: 'אדום', orange: 'כתום', yellow: 'צהוב', green: 'ירוק', teal: 'טורקיז', blue: 'כחול',
  purple: 'סגול', pink: 'ורוד', brown: 'חום', grey: 'אפור', black: 'שחור', white: 'לבן',
} satisfies Messages['colours'];
