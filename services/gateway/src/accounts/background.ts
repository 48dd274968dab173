/**
 * Work an answer does not wait for (mail after Resend, so an existing and an unknown address take the same
 * time to answer). The gateway waits for it when closing, and tests wait for it before looking at the outbox.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  run(task: () => Promise<void>, onError: (err: unknown) => void) {
    const p = task()
      .catch(onError)
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async idle() {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
