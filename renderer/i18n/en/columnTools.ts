export default {
  moveUp: 'Move {{name}} up',
  moveDown: 'Move {{name}} down',
  resize: 'Width of the {{name}} column in pixels (empty: as wide as its content)',
  autoWidth: 'auto',
  reset: 'Default columns',
} as const;
