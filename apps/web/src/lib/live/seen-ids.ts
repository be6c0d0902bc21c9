/**
 * The ids of the last `capacity` events handled. A resumed stream may resend a few events the client
 * already had, and events can arrive out of id order (transactions commit in a different order than
 * they take ids), so "higher than the last id" cannot tell a repeat from a late arrival; a bounded
 * memory of recent ids can.
 */
export class SeenIds {
  private readonly ids = new Set<number>();

  constructor(private readonly capacity = 500) {}

  /** True the first time an id is offered, false for a repeat. */
  add(id: number): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    // A Set iterates in insertion order, so the first entry is the oldest.
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
    return true;
  }
}
