import type { Messages } from '../en';

export default {
  raw_material_in_use: 'חומר הגלם משמש במתכון פעיל. יש להסיר אותו מהמתכון ורק אז למחוק.',
  revision_conflict: 'הרשומה השתנתה מאז שנפתחה. יש לטעון אותה מחדש ולהחליט שוב.',
  invalid_state: 'אי אפשר לבצע את הפעולה במצב הנוכחי של הרשומה.',
  lead_already_converted: 'הליד כבר הומר ללקוח, ולכן אי אפשר למחוק אותו.',
  idempotency_key_reused: 'מפתח הבקשה כבר שימש לבקשה עם תוכן אחר. שליחה חוזרת תישלח כבקשה חדשה.',
  approval_blocked: 'יש בעיות שחוסמות את האישור. יש לתקן אותן קודם.',
} satisfies Messages['conflicts'];
