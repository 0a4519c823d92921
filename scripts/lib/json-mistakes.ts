/**
 * What is wrong with a JSON text a person wrote, in their words: where (line and column), and the
 * two mistakes JSON's grammar names badly, a comma after the last entry and typographic quotes.
 * `JSON.parse` only says "Expected double-quoted property name in JSON at position 316".
 */
export function describeJsonMistake(text: string, error: unknown): string {
  const trailingComma = findOutsideStrings(text, /,\s*[}\]]/y);
  if (trailingComma !== undefined) {
    return `has a comma after the last entry at ${lineAndColumn(text, trailingComma)}; JSON allows none there: remove it`;
  }
  const typographic = findOutsideStrings(text, /[“”„‟‘’‚‛«»]/y);
  if (typographic !== undefined) {
    return (
      `uses the typographic quote ${text.charAt(typographic)} at ${lineAndColumn(text, typographic)}; JSON needs straight ` +
      'double quotes ("…") around every key and text. A word processor or smart quotes put them there: edit the file in a code editor'
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message)?.[1];
  const reason = message
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/, ".*" is not valid JSON$/s, '');
  return position === undefined
    ? `is not valid JSON (${reason})`
    : `is not valid JSON at ${lineAndColumn(text, Number(position))} (${reason})`;
}

/** "line 3, column 14", both counted from 1. */
export function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** Where `sticky` (a regular expression with the y flag) first matches outside a JSON string. */
function findOutsideStrings(text: string, sticky: RegExp): number | undefined {
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') {
      inString = true;
      continue;
    }
    sticky.lastIndex = i;
    if (sticky.test(text)) return i;
  }
  return undefined;
}

/** The allowed key a misspelt one most likely meant: at most a third of its letters off. */
export function nearestKey(key: string, allowed: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of allowed) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return bestDistance <= Math.max(1, Math.floor(key.length / 3)) ? best : undefined;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
