/** The error code of a fetch failure (`TypeError: fetch failed` keeps it on `cause`). Only the code leaves here. */
export function causeCode(e: unknown): string | undefined {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}
