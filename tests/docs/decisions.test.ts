import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const dir = path.join(import.meta.dirname, '../../docs/decisions');
const records = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));

describe('docs/decisions', () => {
  test('holds the records, numbered without gaps', () => {
    expect(records.length).toBeGreaterThan(10);
    expect(records.map((name) => Number(name.slice(0, 3)))).toEqual(records.map((_, index) => index + 1));
  });

  test.each(records)('%s starts with its title, status and date', (name) => {
    const [title, blank, status, date] = readFileSync(path.join(dir, name), 'utf8').split('\n');
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 3)}: \\S`));
    expect(blank).toBe('');
    expect(status).toMatch(/^Status: (proposed|accepted|superseded by \[\d{3}\]\(.+\))\b/);
    expect(date).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
  });
});
