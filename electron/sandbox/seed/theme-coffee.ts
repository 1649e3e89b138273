/** Business A's catalogue: a Tel Aviv coffee roastery that also supplies cafés and offices. */
import type { CatalogTheme, ProductSpec, RawSpec } from './catalog-theme';

const ORIGINS = [
  ['COL', 'קולומביה הואילה', 'Colombia Huila', 5200], ['ETH', 'אתיופיה ירגצ׳פה', 'Ethiopia Yirgacheffe', 6400],
  ['BRA', 'ברזיל סנטוס', 'Brazil Santos', 3900], ['GUA', 'גואטמלה אנטיגואה', 'Guatemala Antigua', 5600],
  ['KEN', 'קניה AA', 'Kenya AA', 7100], ['CRI', 'קוסטה ריקה טרזו', 'Costa Rica Tarrazú', 5900],
  ['RWA', 'רואנדה נייאמשקה', 'Rwanda Nyamasheke', 6000], ['HON', 'הונדורס מרקלה', 'Honduras Marcala', 4700],
  ['PER', 'פרו קחמרקה', 'Peru Cajamarca', 4800], ['SUM', 'סומטרה מנדהלינג', 'Sumatra Mandheling', 5500],
  ['NIC', 'ניקרגואה חינוטגה', 'Nicaragua Jinotega', 4600], ['SLV', 'אל סלבדור סנטה אנה', 'El Salvador Santa Ana', 5000],
  ['PAN', 'פנמה בוקטה', 'Panama Boquete', 9800], ['YEM', 'תימן מוקה', 'Yemen Mokha', 11200],
  ['BDI', 'בורונדי קאיאנזה', 'Burundi Kayanza', 6100], ['TZA', 'טנזניה פיברי', 'Tanzania Peaberry', 6300],
] as const;

const SUPPLIES: readonly (readonly [string, string, number])[] = [
  ['DEC', 'פולים ירוקים – קולומביה נטול קפאין', 5800],
  ['BAG250', 'שקית 250 גרם עם שסתום', 95], ['BAG500', 'שקית 500 גרם עם שסתום', 140], ['BAG1K', 'שקית 1 ק״ג עם שסתום', 210],
  ['LABEL', 'תווית מוצר מודפסת', 18], ['GIFTBOX', 'קופסת מתנה קרטון', 650], ['CAPSHELL', 'קפסולה ריקה תואמת', 22],
  ['CAPLID', 'מכסה אלומיניום לקפסולה', 6], ['CARTON', 'קרטון משלוח', 320], ['DRIPFLT', 'פילטר דריפ חד פעמי', 35],
  ['TIN', 'פחית מתכת 250 גרם', 480], ['SEAL', 'מדבקת חותם', 9], ['TISSUE', 'נייר עטיפה', 40],
  ['MILK', 'חלב 3% (ליטר)', 690], ['OAT', 'משקה שיבולת שועל (ליטר)', 1290], ['ALMOND', 'משקה שקדים (ליטר)', 1390],
  ['SUGAR', 'סוכר קנים (ק״ג)', 1100], ['VANILLA', 'סירופ וניל (750 מ״ל)', 3900], ['CARAMEL', 'סירופ קרמל (750 מ״ל)', 3900],
  ['HAZEL', 'סירופ אגוזי לוז (750 מ״ל)', 3900], ['COCOA', 'אבקת קקאו (ק״ג)', 6200], ['CHOC', 'שוקולד מריר 70% (ק״ג)', 8900],
  ['CARDAM', 'הל טחון (ק״ג)', 18900], ['CUP8', 'כוס נייר 8oz', 45], ['CUP12', 'כוס נייר 12oz', 55], ['CUPLID', 'מכסה לכוס', 20],
  ['CHAI', 'תערובת תבלינים לצ׳אי (ק״ג)', 9900], ['CLEAN', 'Cafiza espresso machine cleaner', 7900],
  ['DESCALE', 'Descaler 1L', 5900], ['V60FLT', 'Hario V60 filter papers x100', 2900], ['WATERF', 'מחסנית סינון מים', 24900],
  ['CASCARA', 'Cascara (coffee cherry tea, kg)', 12900], ['CINNAMON', 'קינמון טחון (ק״ג)', 7900], ['ICECREAM', 'גלידת וניל לאפוגטו (ליטר)', 3200],
];

const SIZES = [['250', '250 גרם', '250g', 'BAG250', 0.295], ['500', '500 גרם', '500g', 'BAG500', 0.59], ['1K', '1 ק״ג', '1kg', 'BAG1K', 1.18]] as const;
const SIZE_PRICE = { '250': 1, '500': 1.85, '1K': 3.4 } as const;

const BLENDS = [
  ['HOUSE', 'בלנד הבית', 5900, [['GBRA', 0.5], ['GCOL', 0.3], ['GETH', 0.2]]],
  ['SHCH', 'בלנד אספרסו שכונה', 6400, [['GBRA', 0.6], ['GGUA', 0.4]]],
  ['FLOR', 'בלנד פלורנטין', 6600, [['GKEN', 0.3], ['GCOL', 0.4], ['GHON', 0.3]]],
  ['JAFFA', 'Dark Roast Jaffa', 6200, [['GSUM', 0.5], ['GBRA', 0.5]]],
  ['NIGHT', 'Decaf Night Blend', 6900, [['DEC', 1]]],
  ['TURK', 'קפה טורקי עם הל', 5400, [['GBRA', 0.9], ['CARDAM', 0.1]]],
  ['COLD', 'Cold Brew Blend', 6100, [['GPER', 0.5], ['GNIC', 0.5]]],
] as const;

const EQUIPMENT = [
  ['V60', 'Hario V60 Dripper', 8900], ['CHEMEX', 'Chemex 6 Cup', 24900], ['AERO', 'AeroPress Original', 17900],
  ['MOKA', 'מקינטה ביאלטי 3 כוסות', 14900], ['COMAND', 'Comandante C40 Grinder', 129000], ['ENCORE', 'Baratza Encore Grinder', 79000],
  ['STAGG', 'Fellow Stagg EKG Kettle', 74900], ['PEARL', 'Acaia Pearl Scale', 99000], ['FRENCH', 'פרנץ׳ פרס 1 ליטר', 12900],
  ['PITCHER', 'כד הקצפה 600 מ״ל', 8900], ['TAMPER', 'טמפר נירוסטה 58 מ״מ', 15900], ['CBBOTTLE', 'בקבוק קולד ברו 1 ליטר', 11900],
  ['CUPREUSE', 'כוס רב פעמית ממותגת', 6900],
] as const;

const SERVICES = [
  ['ESP', 'אספרסו כפול', 1200], ['CAP', 'קפוצ׳ינו', 1600], ['LATTE', 'Latte', 1700], ['FLAT', 'Flat White', 1700],
  ['CBCUP', 'Cold Brew on ice', 1800], ['CHAILT', 'צ׳אי לאטה', 1800], ['HOTCHOC', 'שוקו חם', 1600],
  ['WORKSHOP', 'סדנת בריסטה למתחילים', 45000], ['MAINT', 'שירות טכני למכונת אספרסו', 35000],
  ['OFFICE', 'מנוי קפה משרדי חודשי', 89000], ['CART', 'עגלת קפה לאירוע', 250000],
] as const;

const CUP_RECIPES: Record<string, readonly (readonly [string, string])[]> = {
  CAP: [['GBRA', '0.018'], ['MILK', '0.150'], ['CUP8', '1.000'], ['CUPLID', '1.000']],
  LATTE: [['GBRA', '0.018'], ['MILK', '0.220'], ['CUP12', '1.000'], ['CUPLID', '1.000']],
  CHAILT: [['CHAI', '0.015'], ['MILK', '0.220'], ['CUP12', '1.000']],
  HOTCHOC: [['COCOA', '0.025'], ['MILK', '0.220'], ['CUP12', '1.000']],
};

const q3 = (n: number) => n.toFixed(3);
const roundPrice = (minor: number) => Math.round(minor / 100) * 100 - 10;

export function coffeeTheme(): CatalogTheme {
  const raws: RawSpec[] = [
    ...ORIGINS.map(([code, he, , cost]) => ({ key: `G${code}`, name: `פולים ירוקים – ${he}`, sku: `RM-GRN-${code}`, costMinor: cost })),
    ...SUPPLIES.map(([key, name, cost]) => ({ key, name, sku: `RM-${key}`, costMinor: cost })),
  ];
  const products: ProductSpec[] = [];
  const roasted = (sku: string, name: string, base: number, greens: readonly (readonly [string, number])[], size: (typeof SIZES)[number], i: number) => {
    const [code, he, en, bag, green] = size;
    const recipe = [...greens.map(([k, share]) => [k, q3(green * share)] as const), [bag, '1.000'] as const, ['LABEL', '1.000'] as const];
    products.push({
      name: /[\u0590-\u05ff]/.test(name) ? `${name} ${he}` : `${name} ${en}`,
      sku: `${sku}-${code}`,
      priceMinor: roundPrice(base * SIZE_PRICE[code]),
      costMinor: Math.round(base * SIZE_PRICE[code] * 0.45),
      tracked: true,
      fractional: false,
      vat: 'excluding_vat',
      recipe,
      ...(i % 5 === 0 ? { oldRecipe: recipe.map(([k, qty]) => [k, k.startsWith('G') ? q3(Number(qty) * 1.05) : qty] as const) } : {}),
    });
  };
  ORIGINS.slice(0, 12).forEach(([code, he, en, cost], i) =>
    SIZES.forEach((size) => roasted(`SO-${code}`, i % 3 === 2 ? en : he, cost + 2500, [[`G${code}`, 1]], size, i)));
  BLENDS.forEach(([code, name, base, greens], i) => SIZES.forEach((size) => roasted(`BL-${code}`, name, base, greens, size, i)));
  BLENDS.concat().slice(0, 7).forEach(([code, name, , greens]) =>
    products.push(pack(`CAP-${code}`, `קפסולות ${name} (10 יח׳)`, 2900, [...greens.map(([k, s]) => [k, q3(0.06 * s)] as const), ['CAPSHELL', '10.000'], ['CAPLID', '10.000']])));
  ORIGINS.slice(0, 3).forEach(([code, he]) =>
    products.push(pack(`CAP-${code}`, `קפסולות ${he} (10 יח׳)`, 3200, [[`G${code}`, '0.060'], ['CAPSHELL', '10.000'], ['CAPLID', '10.000']])));
  ORIGINS.slice(0, 4).forEach(([code, , en]) =>
    products.push(pack(`DRIP-${code}`, `Drip bags ${en} x8`, 3900, [[`G${code}`, '0.100'], ['DRIPFLT', '8.000']])));
  [['GIFT-S', 'מארז מתנה קטן', 14900], ['GIFT-L', 'מארז מתנה גדול', 27900], ['GIFT-HOL', 'Holiday Gift Box', 19900], ['GIFT-TIN', 'מארז פחיות טעימה', 16900]].forEach(([sku, name, price]) =>
    products.push(pack(String(sku), String(name), Number(price), [['GIFTBOX', '1.000'], ['TIN', '2.000'], ['TISSUE', '1.000'], ['GCOL', '0.300'], ['GETH', '0.300']])));
  EQUIPMENT.forEach(([code, name, price]) => products.push({ name, sku: `EQ-${code}`, priceMinor: price, costMinor: Math.round(price * 0.6), tracked: true, fractional: false, vat: 'excluding_vat', recipe: [] }));
  SERVICES.forEach(([code, name, price]) => products.push({
    name, sku: `SV-${code}`, priceMinor: price, costMinor: null, tracked: false, fractional: false,
    vat: price < 5000 ? 'including_vat' : 'excluding_vat', recipe: CUP_RECIPES[code] ?? [],
  }));
  // Beans sold loose by weight to cafés.
  ORIGINS.slice(12).forEach(([code, he, , cost]) => products.push({
    name: `${he} – קלוי, לפי משקל (ק״ג)`, sku: `BULK-${code}`, priceMinor: roundPrice((cost + 2500) * 3.1), costMinor: Math.round(cost * 1.4),
    tracked: true, fractional: true, vat: 'excluding_vat', recipe: [[`G${code}`, '1.180']],
  }));
  return { raws, products };
}

function pack(sku: string, name: string, priceMinor: number, recipe: readonly (readonly [string, string])[]): ProductSpec {
  return { name, sku, priceMinor, costMinor: Math.round(priceMinor * 0.4), tracked: true, fractional: false, vat: 'excluding_vat', recipe };
}
