/** A colour in words (a tag's colour is shown as a swatch and named by the nearest of these). */
export default {
  red: 'Red', orange: 'Orange', yellow: 'Yellow', green: 'Green', teal: 'Teal', blue: 'Blue',
  purple: 'Purple', pink: 'Pink', brown: 'Brown', grey: 'Grey', black: 'Black', white: 'White',
} as const;
