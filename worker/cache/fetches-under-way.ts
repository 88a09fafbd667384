/**
 * A request's origin fetches under way, and a wait for the moment none is. A cold page's copies are written
 * once its own answers are in (and a task later, so the page renders first): serialising and writing some
 * twenty payloads as each arrives would hold the page's first byte behind them. The isolate's memory tier
 * has each copy at once; other processes wait for the claim's release, which follows the write.
 */
export class FetchesUnderWay {
  #fetching = 0;
  #waiting: (() => void)[] = [];

  /** A fetch begins; the function it returns says it is over (answered or failed). */
  begin(): () => void {
    this.#fetching++;
    let over = false;
    return () => {
      if (over) return;
      over = true;
      this.#fetching--;
      this.#settled();
    };
  }

  /** Resolves, a task later, once no fetch of the request is under way. */
  quiet(): Promise<void> {
    return new Promise<void>((go) => {
      this.#waiting.push(go);
      this.#settled();
    });
  }

  #settled(): void {
    if (this.#fetching > 0 || this.#waiting.length === 0) return;
    const ready = this.#waiting;
    this.#waiting = [];
    setTimeout(() => ready.forEach((go) => go()), 0);
  }
}
