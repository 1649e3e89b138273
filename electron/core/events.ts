import type { EventName, EventPayload } from '../../shared';

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Events the core pushes to the renderer; the host forwards them over its transport. */
export class CoreEvents {
  private readonly listeners = new Set<EventListener>();
  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const l of this.listeners) l(event, payload);
  }
}
