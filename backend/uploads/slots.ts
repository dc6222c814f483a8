/**
 * At most N tasks at once, the others wait in order. sharp decodes and encodes on libuv's thread
 * pool (4 threads), which file reads and writes share: bounding the re-encodes keeps threads free
 * for the rest of the server while many large pictures arrive together.
 */
export class Slots {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    }
  }
}
