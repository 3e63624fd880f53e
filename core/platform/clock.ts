/** The time source of the domain. Production uses the system clock; tests set a fixed or moving one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that tests move by hand. */
export class TestClock implements Clock {
  #current: Date;
  constructor(start: Date | string = '2026-11-22T10:00:00Z') {
    this.#current = new Date(start);
  }
  now(): Date {
    return new Date(this.#current);
  }
  set(to: Date | string): void {
    this.#current = new Date(to);
  }
  advance(ms: number): void {
    this.#current = new Date(this.#current.getTime() + ms);
  }
}
