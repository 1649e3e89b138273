/** The few colour words a person would use for a tag's colour, in the order a picker would list them. */
export const COLOUR_NAMES = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'grey', 'black', 'white'] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

/** The colour word nearest a hex colour ("#1E88E5" -> "blue"), by its hue, saturation and lightness; null when it is not a hex colour. */
export function colourName(hex: string): ColourName | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (l < 0.12) return 'black';
  if (l > 0.92) return 'white';
  if (s < 0.15) return 'grey';
  const h = d === 0 ? 0 : max === r ? 60 * (((g - b) / d + 6) % 6) : max === g ? 60 * ((b - r) / d + 2) : 60 * ((r - g) / d + 4);
  if (h >= 10 && h < 45 && l < 0.42) return 'brown';
  if (h < 12 || h >= 340) return 'red';
  if (h < 40) return 'orange';
  if (h < 66) return 'yellow';
  if (h < 165) return 'green';
  if (h < 195) return 'teal';
  if (h < 258) return 'blue';
  if (h < 295) return 'purple';
  return 'pink';
}
