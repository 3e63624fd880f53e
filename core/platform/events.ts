import { afterCommit } from './requestTransaction.ts';
/**
 * The domain event bus. Core services publish facts after their transaction committed; the BFF's
 * socket.io gateway forwards each event to the rooms in its audience. In-process; with several BFF
 * instances the socket.io Redis adapter fans the emitted messages out.
 */
export interface EventAudience {
  users?: number[];
  customers?: number[];
  clusters?: number[];
  servers?: number[];
}

export interface DomainEvent<T = unknown> {
  type: string;
  payload: T;
  audience: EventAudience;
  occurredAt: string;
}

export type EventListener = (event: DomainEvent) => void | Promise<void>;

export class EventBus {
  readonly #listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Delivers to every listener; a failing listener never fails the publisher. Inside a write request's
   * transaction the delivery waits for its commit (and is dropped on a rollback): listeners read the
   * database on their own connections and must see the change, and a refused request announces nothing.
   */
  async publish<T>(type: string, payload: T, audience: EventAudience, occurredAt = new Date()): Promise<void> {
    const event: DomainEvent<T> = { type, payload, audience, occurredAt: occurredAt.toISOString() };
    await afterCommit(async () => {
      await Promise.allSettled([...this.#listeners].map((l) => l(event as DomainEvent)));
    });
  }
}
