import { EVENTS, type EventName, type EventPayload } from '../../shared';

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * Events the core pushes to the renderer; the host forwards them over its transport. Each payload
 * is checked against its contract first (shared/bridge/events.ts EVENTS): a malformed one is dropped.
 */
export class CoreEvents {
  private readonly listeners = new Set<EventListener>();
  constructor(private readonly onInvalid: (event: string) => void = () => {}) {}
  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const parsed = EVENTS[event].safeParse(payload);
    if (!parsed.success) {
      this.onInvalid(event);
      return;
    }
    for (const l of this.listeners) l(event, parsed.data as EventPayload<E>);
  }
}
