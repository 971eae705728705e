/** A tiny seeded PRNG (mulberry32): the seed data and the demo progression are the same on every run. */

export type Prng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [min, max], both included. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Picks a key by relative weight: `{ closed: 8, resolved: 1 }`. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** `n` decimal digits as a string, leading zeros kept. */
  digits(n: number): string;
};

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    pick: (items) => items[int(items.length)],
    chance: (p) => next() < p,
    weighted(weights) {
      const entries = Object.entries(weights) as [keyof typeof weights & string, number][];
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [key, weight] of entries) {
        roll -= weight;
        if (roll < 0) return key;
      }
      return entries[entries.length - 1][0];
    },
    digits(n) {
      let s = '';
      for (let i = 0; i < n; i += 1) s += String(int(10));
      return s;
    },
  };
}
