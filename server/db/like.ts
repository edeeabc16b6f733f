/**
 * A LIKE pattern that finds `text` anywhere: its own `%`, `_` and `\` are characters, not
 * wildcards (backslash is the default LIKE escape in PostgreSQL and PGlite).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
