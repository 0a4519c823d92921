import { CSS_AT_RULES, CSS_FUNCTIONS, INTERNAL_REFERENCE, LISTED } from './svg-allow-list.ts';

type Report = (problem: string) => void;

/**
 * Inside an unquoted url() a CSS comment is part of the address, elsewhere it is nothing, so the
 * text is checked both with its comments and without. Function names are looked for in strings
 * too, which no drawing needs to hold.
 */
export function checkCss(css: string, where: string, report: Report): void {
  for (const read of new Set([readCss(css, { comments: false }), readCss(css, { comments: true })])) {
    const imported = new Set<string>();
    for (const [, address = ''] of read.matchAll(/@import\s*(?:url\()?\s*['"]?([^'");\s]*)/gi)) {
      imported.add(address);
      report(
        `an @import in ${where} refers to the outside resource ${shorten(address)}; expected a self-contained drawing: ` +
          'a drawing cannot load style sheets or fonts, so put the styles into this file and convert text to paths',
      );
    }
    // An @ inside a string or a url() starts no rule: `url(…css2?family=X:wght@700)` is an address.
    const outsideStrings = read.replace(/url\([^)]*\)/gi, 'url()').replace(/(["'])[^\n\r\f]*?\1/g, '""');
    for (const [, rule = ''] of outsideStrings.matchAll(/@([\w-]+)/g)) {
      if (rule.toLowerCase() !== 'import' && !CSS_AT_RULES.has(rule.toLowerCase())) {
        report(`${where} uses the CSS rule @${rule}; expected only the rules ${LISTED}`);
      }
    }
    for (const match of read.matchAll(/([\w\u{80}-\u{10FFFF}-]+)\(/gu)) {
      const [call, name = ''] = match;
      if (read[match.index - 1] === '@') continue;
      if (name.toLowerCase() !== 'url') {
        if (!CSS_FUNCTIONS.has(name.toLowerCase())) {
          report(
            `${where} uses the CSS function ${name}(); expected only the functions ${LISTED} (colors, sizes, transforms, filters and url(#id))`,
          );
        }
        continue;
      }
      const argument = read.slice(match.index + call.length).split(')')[0] ?? '';
      const address = argument.trim().replace(/^(["'])(.*)\1$/s, '$2');
      // The address of an @import is reported as that.
      if (!INTERNAL_REFERENCE.test(address) && !imported.has(address))
        report(outsideReference(`a url() in ${where}`, address));
    }
  }
}

/**
 * CSS with its escapes resolved as a browser's tokenizer resolves them (`u\72l(` is `url(`), and
 * its comments kept or dropped. An escaped quote or slash starts no string or comment.
 */
function readCss(css: string, { comments }: { comments: boolean }): string {
  let read = '';
  let quote = '';
  for (let i = 0; i < css.length; i += 1) {
    const char = css.charAt(i);
    if (char === '\\') {
      const hex = /^([0-9a-f]{1,6})(\r\n|[ \t\n\r\f])?/i.exec(css.slice(i + 1, i + 9));
      const next = css.charAt(i + 1);
      if (hex) {
        const code = parseInt(hex[1] ?? '', 16);
        const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
        read += String.fromCodePoint(valid ? code : 0xfffd);
        i += hex[0].length;
      } else if (/[\n\r\f]/.test(next)) {
        // A line continuation inside a string; elsewhere the backslash stands for itself.
        if (quote) i += css.startsWith('\r\n', i + 1) ? 2 : 1;
        else read += char;
      } else {
        read += next;
        i += 1;
      }
    } else if (!quote && css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      const close = end < 0 ? css.length : end + 2;
      if (comments) read += css.slice(i, close);
      i = close - 1;
    } else {
      if (quote && (char === quote || /[\n\r\f]/.test(char))) quote = '';
      else if (!quote && (char === '"' || char === "'")) quote = char;
      read += char;
    }
  }
  return read;
}

/** Names where the reference is, what it loads and how to do without it. */
export function outsideReference(where: string, address: string): string {
  const shown = shorten(address);
  const fix = /^\s*data:/i.test(address)
    ? 'expected only PNG, JPEG, GIF or WebP images as base64 data: addresses; draw the embedded SVG into this file instead'
    : 'expected a self-contained drawing: embed it instead, by drawing it in this file or by putting the image in as a data: address (PNG, JPEG, GIF or WebP), and refer to parts of the drawing only as #id';
  return `${where} refers to the outside resource ${shown}; ${fix}`;
}

function shorten(address: string): string {
  return address.trim().length > 80 ? `${address.trim().slice(0, 77)}…` : address.trim();
}
