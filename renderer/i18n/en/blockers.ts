export default {
  title: '{{action}} is not possible yet:',
} as const;
