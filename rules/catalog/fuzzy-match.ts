// Forgiving text matching for search (one typo in a word of four letters or more).

/** Levenshtein distance, stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** Whether search text names a flavour: a word of it equal to, or one typo from, a flavour word. */
export function namesFlavor(search: string, flavor: string): boolean {
  const words = flavor
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3 && w !== "and");
  return search
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((t) => t.length >= 3)
    .some((t) => words.some((w) => w === t || (t.length >= 4 && editDistance(t, w, 1) <= 1)));
}
