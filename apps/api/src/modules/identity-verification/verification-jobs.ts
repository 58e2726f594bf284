/**
 * The verifications running after their request was answered (submit answers 202 at once). The app waits for them when
 * it closes, so none writes to a database that is gone; one that a crash cut short is resumed at the next start-up.
 */
export class VerificationJobs {
  private readonly running = new Set<Promise<void>>();

  run(job: () => Promise<void>): void {
    const promise: Promise<void> = job()
      .catch(() => {})
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves once every running verification has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
