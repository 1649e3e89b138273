import type { Messages } from '../en';

export default {
  PRICE_QUOTE: 'הצעת מחיר', ORDER: 'הזמנה', DELIVERY_NOTE: 'תעודת משלוח', RETURN_NOTE: 'תעודת החזרה', PROFORMA_INVOICE: 'חשבון עסקה',
  TAX_INVOICE: 'חשבונית מס', TAX_INVOICE_RECEIPT: 'חשבונית מס קבלה', RECEIPT: 'קבלה', CREDIT_INVOICE: 'חשבונית זיכוי',
  PURCHASE_ORDER: 'הזמנת רכש', website: 'אתר', referral: 'המלצה', phone: 'טלפון', social: 'רשתות חברתיות', walk_in: 'הגיע לעסק',
  campaign: 'קמפיין', other: 'אחר', excluding_vat: 'לא כולל מע״מ', including_vat: 'כולל מע״מ', exempt: 'פטור',
  licensed_dealer: 'עוסק מורשה', exempt_dealer: 'עוסק פטור', company: 'חברה', nonprofit: 'עמותה', normal: 'רגילה',
  high: 'גבוהה', he: 'עברית', en: 'אנגלית', call: 'שיחה', email: 'דוא״ל', meeting: 'פגישה', note: 'הערה', whatsapp: 'וואטסאפ',
  follow_up: 'מעקב', cash: 'מזומן', net: 'שוטף', none: 'ללא', unresolved: 'לא מסווג', operating: 'תפעולית',
  cost_of_goods: 'עלות המכר', asset: 'רכוש קבוע', non_deductible: 'לא מוכרת', outgoing: 'יוצא', incoming: 'נכנס',
  bank_transfer: 'העברה בנקאית', card: 'כרטיס אשראי', check: 'המחאה', paypal: 'PayPal', product: 'מוצר', raw_material: 'חומר גלם',
  checking: 'עובר ושב', savings: 'חיסכון', credit_card: 'כרטיס אשראי', icount: 'iCount', rivhit: 'ריווחית', percent: 'אחוז',
  fixed: 'קבוע',
  invoice: 'חשבונית מס', invrec: 'חשבונית מס קבלה', receipt: 'קבלה', refund: 'חשבונית זיכוי', cheque: 'המחאה',
  'חשבונית מס': 'חשבונית מס', 'חשבונית מס קבלה': 'חשבונית מס קבלה', 'קבלה': 'קבלה',
  default: 'יצירת לקוח חדש', link_existing_by_email: 'קישור ללקוח עם אותו דוא״ל (או יצירת לקוח)',
} satisfies Messages['enums'];
