/**
 * Word lists for realistic Israeli records. Pairs are [Hebrew, English] so a record keeps one
 * identity in both languages (e.g. a Hebrew name with a Latin e-mail address).
 */
export type Pair = readonly [he: string, en: string];

export const FIRST_NAMES: readonly Pair[] = [
  ['יוסי', 'Yossi'], ['מיכל', 'Michal'], ['דנה', 'Dana'], ['אבי', 'Avi'], ['נועה', 'Noa'], ['רוני', 'Roni'],
  ['שירה', 'Shira'], ['עומר', 'Omer'], ['תמר', 'Tamar'], ['איתי', 'Itai'], ['יעל', 'Yael'], ['אורי', 'Uri'],
  ['גיל', 'Gil'], ['מאיה', 'Maya'], ['ליאור', 'Lior'], ['אסף', 'Asaf'], ['הילה', 'Hila'], ['עידו', 'Ido'],
  ['רותם', 'Rotem'], ['נדב', 'Nadav'], ['שני', 'Shani'], ['אלון', 'Alon'], ['ענבל', 'Inbal'], ['דוד', 'David'],
  ['שרה', 'Sarah'], ['משה', 'Moshe'], ['רחל', 'Rachel'], ['יונתן', 'Yonatan'], ['אביגיל', 'Avigail'], ['עמית', 'Amit'],
];
export const LAST_NAMES: readonly Pair[] = [
  ['כהן', 'Cohen'], ['לוי', 'Levi'], ['מזרחי', 'Mizrahi'], ['פרץ', 'Peretz'], ['ביטון', 'Biton'], ['אברהם', 'Avraham'],
  ['פרידמן', 'Friedman'], ['אזולאי', 'Azoulay'], ['שפירא', 'Shapira'], ['גולן', 'Golan'], ['אשכנזי', 'Ashkenazi'],
  ['דהן', 'Dahan'], ['ברק', 'Barak'], ['רוזן', 'Rosen'], ['קליין', 'Klein'], ['חדד', 'Hadad'], ['שטרן', 'Stern'],
  ['טל', 'Tal'], ['נחום', 'Nachum'], ['אוחיון', 'Ohayon'], ['גולדברג', 'Goldberg'], ['כץ', 'Katz'],
];
/** English-speaking clients (tourists' cafés, expat offices). */
export const ENGLISH_FIRST = ['Daniel', 'Emma', 'Michael', 'Olivia', 'Jacob', 'Hannah', 'Ethan', 'Sophie', 'Benjamin', 'Leah', 'Nathan', 'Chloe'] as const;
export const ENGLISH_LAST = ['Miller', 'Green', 'Weiss', 'Baker', 'Goldstein', 'Harris', 'Mendel', 'Sullivan', 'Brooks', 'Fisher'] as const;

/** Distinctive words for company names, with a Latin slug for domains. */
export const COMPANY_WORDS: readonly Pair[] = [
  ['הגפן', 'Hagefen'], ['השקמה', 'Hashikma'], ['הנמל', 'Hanamal'], ['הכרמל', 'Carmel'], ['התמר', 'Hatamar'],
  ['האלון', 'Haalon'], ['הזית', 'Hazait'], ['הרימון', 'Rimon'], ['נחלת', 'Nachalat'], ['אורן', 'Oren'],
  ['לבונה', 'Levona'], ['ברוש', 'Brosh'], ['הלימון', 'Lemon'], ['יפו', 'Jaffa'], ['פלורנטין', 'Florentin'],
  ['דיזנגוף', 'Dizengoff'], ['העיר הלבנה', 'White City'], ['באוהאוס', 'Bauhaus'], ['סביון', 'Savyon'], ['תאנה', 'Teena'],
];
export const HE_COMPANY_PATTERNS = ['קפה {w}', 'בית קפה {w}', 'מאפיית {w}', '{w} אירועים בע״מ', 'מסעדת {w}', 'מלון {w}', 'משרדי {w} בע״מ', 'קייטרינג {w}'] as const;
export const EN_COMPANY_PATTERNS = ['{w} Café', '{w} Bistro', '{w} Hospitality Ltd', '{w} Tech Ltd', '{w} Co-working', '{w} Boutique Hotel', '{w} Catering', '{w} Studios'] as const;

export interface City { he: string; en: string; postalPrefix: string; area: string }
export const CITIES: readonly City[] = [
  { he: 'תל אביב-יפו', en: 'Tel Aviv-Yafo', postalPrefix: '61', area: '03' },
  { he: 'תל אביב-יפו', en: 'Tel Aviv-Yafo', postalPrefix: '64', area: '03' },
  { he: 'רמת גן', en: 'Ramat Gan', postalPrefix: '52', area: '03' },
  { he: 'גבעתיים', en: "Giv'atayim", postalPrefix: '53', area: '03' },
  { he: 'חיפה', en: 'Haifa', postalPrefix: '33', area: '04' },
  { he: 'ירושלים', en: 'Jerusalem', postalPrefix: '91', area: '02' },
  { he: 'הרצליה', en: 'Herzliya', postalPrefix: '46', area: '09' },
  { he: 'רעננה', en: "Ra'anana", postalPrefix: '43', area: '09' },
  { he: 'כפר סבא', en: 'Kfar Saba', postalPrefix: '44', area: '09' },
  { he: 'פתח תקווה', en: 'Petah Tikva', postalPrefix: '49', area: '03' },
  { he: 'ראשון לציון', en: 'Rishon LeZion', postalPrefix: '75', area: '03' },
  { he: 'חולון', en: 'Holon', postalPrefix: '58', area: '03' },
  { he: 'נתניה', en: 'Netanya', postalPrefix: '42', area: '09' },
  { he: 'באר שבע', en: "Be'er Sheva", postalPrefix: '84', area: '08' },
  { he: 'אשדוד', en: 'Ashdod', postalPrefix: '77', area: '08' },
  { he: 'מודיעין', en: "Modi'in", postalPrefix: '71', area: '08' },
  { he: 'רחובות', en: 'Rehovot', postalPrefix: '76', area: '08' },
];
export const STREETS: readonly Pair[] = [
  ['דיזנגוף', 'Dizengoff'], ['אבן גבירול', 'Ibn Gabirol'], ['רוטשילד', 'Rothschild Blvd'], ['הרצל', 'Herzl'],
  ['אלנבי', 'Allenby'], ['בן יהודה', 'Ben Yehuda'], ['ויצמן', 'Weizmann'], ['ז׳בוטינסקי', 'Jabotinsky'],
  ['סוקולוב', 'Sokolov'], ['הנביאים', 'HaNevi\'im'], ['יפו', 'Jaffa Rd'], ['העצמאות', 'HaAtzmaut'],
  ['הרקון', 'HaYarkon'], ['בוגרשוב', 'Bograshov'], ['שינקין', 'Sheinkin'], ['המלאכה', 'HaMelacha'],
];
export const MAIL_DOMAINS = ['gmail.com', 'walla.co.il', 'outlook.com', 'yahoo.com', 'hotmail.com', 'bezeqint.net'] as const;
export const MOBILE_PREFIXES = ['050', '052', '053', '054', '055', '058'] as const;

export const NOTES_HE = ['לקוח ותיק, משלם בזמן', 'מעדיף משלוח בבוקר', 'לתאם מראש לפני הגעה', 'מבקש חשבונית במייל בלבד', 'הנחת כמות מוסכמת'] as const;
export const NOTES_EN = ['Long-standing client, pays on time', 'Prefers morning deliveries', 'Call ahead before arriving', 'Invoices by e-mail only', 'Agreed volume discount'] as const;
