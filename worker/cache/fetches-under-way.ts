/**
 * A request's origin fetches under way, and a wait for the moment none is. A cold page's copies are written
 * once its own answers are in (and a task later, so the page renders first): serialising and writing some
 * twenty payloads as each arrives would hold the page's first byte behind them. The isolate's memory tier
 * has each copy at once; other processes wait for the claim's release, which follows the write.
 *
 * `answered`, where given, settles once the request's answer is out: the wait is for it too, so that the writes do
 * not take the thread between the page's last parts either (docs/architecture.md, "Rendering and streaming").
 */
export class FetchesUnderWay {
  #fetching = 0;
  #waiting: (() => void)[] = [];
  readonly #answered: Promise<unknown> | undefined;

  constructor(answered?: Promise<unknown>) {
    this.#answered = answered?.catch(() => undefined);
  }

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

  /** Resolves, a task later, once no fetch of the request is under way (and its answer is out, where that is waited for). */
  async quiet(): Promise<void> {
    await new Promise<void>((go) => {
      this.#waiting.push(go);
      this.#settled();
    });
    await this.#answered;
  }

  #settled(): void {
    if (this.#fetching > 0 || this.#waiting.length === 0) return;
    const ready = this.#waiting;
    this.#waiting = [];
    setTimeout(() => ready.forEach((go) => go()), 0);
  }
}
