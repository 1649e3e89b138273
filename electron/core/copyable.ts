import { REQUEST_ID_PATTERN, uuid, type BridgeResult, type EventName, type OperationName } from '../../shared';

/** How many request ids main remembers having shown the page (the activity log holds 500 per profile). */
export const COPYABLE_REQUEST_IDS = 2_000;

const requestIdOf = (v: unknown): string | null => {
  const id = typeof v === 'object' && v !== null ? (v as { request_id?: unknown }).request_id : undefined;
  return typeof id === 'string' && REQUEST_ID_PATTERN.test(id) ? id : null;
};

/**
 * What clipboard.copy may put on the clipboard: what the app itself copies, record ids (UUIDs)
 * and request ids. A request id has a loose shape (a bank account number fits it), so only the
 * ones main has handed the page in a reply or an event are accepted: a page cannot swap a
 * copied account number for its own.
 */
export class CopyableTexts {
  private readonly requestIds = new Set<string>();

  mayCopy(text: string): boolean {
    return uuid.safeParse(text).success || this.requestIds.has(text);
  }

  knows(requestId: string): boolean {
    return this.requestIds.has(requestId);
  }

  /** The request ids in a reply: the API's answer, an error, and the activity log (whose ids were checked on the way in). */
  noteReply(operation: OperationName | null, result: BridgeResult<unknown>): void {
    if (!result.ok) {
      this.note(requestIdOf(result.error));
      return;
    }
    if (operation === 'api.call') this.note(requestIdOf(result.data));
    if (operation === 'activity.list') {
      const entries = (result.data as { entries?: unknown }).entries;
      if (Array.isArray(entries)) for (const e of entries) this.note(requestIdOf(e));
    }
  }

  /** An export that failed shows its error's request id. */
  noteEvent(event: EventName, payload: unknown): void {
    if (event === 'export.progress') this.note(requestIdOf((payload as { error?: unknown }).error));
  }

  /** A request id main itself got back (an outbox write sent later): the activity log shows it, copyable. */
  noteRequestId(id: string): void {
    this.note(id);
  }

  private note(id: string | null): void {
    if (id === null) return;
    this.requestIds.delete(id);
    this.requestIds.add(id);
    if (this.requestIds.size > COPYABLE_REQUEST_IDS) this.requestIds.delete(this.requestIds.values().next().value as string);
  }
}
