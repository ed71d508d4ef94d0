/**
 * A small seeded generator (SplitMix32-style mixing of a 32-bit counter): the same seed gives the same
 * sequence on every machine, so a run and each of its inputs can be replayed from `seed` and `index`.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The generator of input `index` of a run seeded `seed`: independent of the inputs before it. */
  static forInput(seed: number, index: number): Random {
    return new Random(mix(mix(seed >>> 0) ^ (index >>> 0)) ^ Math.floor(index / 2 ** 32));
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    return mix(this.state);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next() / 2 ** 32;
  }

  /** An integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }

  /** An integer in [0, max], small values far more likely (log-uniform): sizes and counts. */
  size(max: number): number {
    return Math.min(max, Math.floor(Math.exp(this.float() * Math.log(max + 1))) - 1 + (this.chance(0.5) ? 0 : 1));
  }

  bytes(length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    for (let index = 0; index < length; index++) bytes[index] = this.next() & 0xff;
    return bytes;
  }
}

function mix(value: number): number {
  let z = value >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad) >>> 0;
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97) >>> 0;
  return (z ^ (z >>> 15)) >>> 0;
}
