// The hint, asked of a Web Worker (hint-worker.js) so the page keeps
// answering while the solver searches. One search at a time: asking
// again, or cancelling, ends the one under way (the worker is stopped and
// a fresh one started when next asked).

/** @typedef {import('./wasm.js').Hint} Hint */

export class Hints {
  constructor() {
    /** @type {Worker | null} */
    this.worker = null;
    this.next = 0;
    /** @type {((answer: {hint?: Hint, error?: string} | null) => void) | null} */
    this.waiting = null;
  }

  /** @returns {boolean} whether a search is under way */
  get busy() {
    return this.waiting !== null;
  }

  /**
   * Search from the game kept in `save`, the solver expanding at most
   * `positions` positions; resolve with its answer, or with `null` when
   * the search was cancelled.
   * @param {string} save
   * @param {number} positions
   * @returns {Promise<{hint?: Hint, error?: string} | null>}
   */
  ask(save, positions) {
    this.cancel();
    if (!this.worker) {
      this.worker = new Worker(new URL('./hint-worker.js', import.meta.url), { type: 'module' });
      this.worker.onerror = (event) => this.finish({ error: `the hint's worker failed: ${event.message}` });
      this.worker.onmessage = (event) => {
        if (event.data.id === this.next) {
          this.finish(event.data);
        }
      };
    }
    this.next += 1;
    const id = this.next;
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.worker?.postMessage({ id, save, positions });
    });
  }

  /**
   * Answer the search under way.
   * @param {{hint?: Hint, error?: string} | null} answer
   */
  finish(answer) {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.(answer);
  }

  /** Stop the search under way, if any; return whether there was one. */
  cancel() {
    if (!this.waiting) {
      return false;
    }
    this.worker?.terminate();
    this.worker = null;
    this.finish(null);
    return true;
  }
}
