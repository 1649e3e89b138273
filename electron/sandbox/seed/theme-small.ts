/** Catalogues of the two small businesses: B a Galilee bakery, C a yoga studio. */
import type { CatalogTheme, ProductSpec } from './catalog-theme';

const item = (name: string, sku: string, priceMinor: number, recipe: ProductSpec['recipe'], tracked = true): ProductSpec =>
  ({ name, sku, priceMinor, costMinor: Math.round(priceMinor * 0.35), tracked, fractional: false, vat: 'excluding_vat', recipe });

export function bakeryTheme(): CatalogTheme {
  return {
    raws: [
      { key: 'FLOUR', name: 'קמח לבן (ק״ג)', sku: 'RM-FLOUR', costMinor: 420 },
      { key: 'WHOLE', name: 'קמח מלא (ק״ג)', sku: 'RM-WHOLE', costMinor: 560 },
      { key: 'BUTTER', name: 'חמאה (ק״ג)', sku: 'RM-BUTTER', costMinor: 4200 },
      { key: 'YEAST', name: 'שמרים טריים (ק״ג)', sku: 'RM-YEAST', costMinor: 1800 },
      { key: 'CHOC', name: 'Dark chocolate (kg)', sku: 'RM-CHOC', costMinor: 7900 },
      { key: 'CHEESE', name: 'גבינה בולגרית (ק״ג)', sku: 'RM-CHEESE', costMinor: 3900 },
    ],
    products: [
      item('לחם מחמצת', 'BR-SOUR', 2400, [['FLOUR', '0.450'], ['WHOLE', '0.150']]),
      item('חלה מתוקה', 'BR-CHALLA', 1800, [['FLOUR', '0.500'], ['YEAST', '0.020']]),
      item('Butter croissant', 'PA-CROIS', 1200, [['FLOUR', '0.060'], ['BUTTER', '0.035']]),
      item('בורקס גבינה', 'PA-BUREK', 900, [['FLOUR', '0.050'], ['BUTTER', '0.020'], ['CHEESE', '0.040']]),
      item('עוגת שמרים שוקולד', 'CK-BABKA', 5200, [['FLOUR', '0.400'], ['CHOC', '0.150'], ['YEAST', '0.015']]),
      item('Catering platter (20 pcs)', 'SV-PLATTER', 32000, [], false),
    ],
  };
}

export function yogaTheme(): CatalogTheme {
  return {
    raws: [
      { key: 'MAT', name: 'מזרן יוגה – סחורה לקנייה', sku: 'RM-MAT', costMinor: 6500 },
      { key: 'TOWEL', name: 'Microfibre towel', sku: 'RM-TOWEL', costMinor: 1500 },
    ],
    products: [
      item('כרטיסייה 10 שיעורים', 'CARD-10', 55000, [], false),
      item('מנוי חודשי ללא הגבלה', 'SUB-MONTH', 42000, [], false),
      item('Starter kit (mat + towel)', 'KIT-START', 16900, [['MAT', '1.000'], ['TOWEL', '1.000']]),
    ],
  };
}
