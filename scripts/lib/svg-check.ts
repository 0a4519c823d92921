import { XMLValidator } from 'fast-xml-parser';

/**
 * Problems that make an SVG unfit as a logo or favicon source. favicon.svg is served as a
 * document of its own on the brand's origin, so anything that could run script or pull in
 * outside content is refused, not only malformed XML.
 */
export function checkSvg(text: string): string[] {
  if (text.trim() === '') return ['is empty; expected an SVG image'];

  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    return [`is not well-formed XML (line ${line}, column ${col}: ${msg}); expected an SVG image`];
  }

  // Editors such as Illustrator write a public DOCTYPE; only an internal subset declares entities.
  if (/<!DOCTYPE[^>]*\[|<!ENTITY/i.test(text)) {
    return ['declares entities in its DOCTYPE; expected a self-contained drawing without entities'];
  }
  const body = withoutProlog(text);
  const root = rootTag(body);
  if (!root) return ['does not start with an <svg> element; expected an SVG image'];

  const problems: string[] = [];
  if (!readViewBox(body)) {
    problems.push(
      'has no usable viewBox on its <svg> element; expected e.g. viewBox="0 0 200 48" so it can scale',
    );
  }
  const forbidden: [RegExp, string][] = [
    [/<([\w-]+:)?script\b/i, 'contains a <script> element'],
    [/<([\w-]+:)?foreignObject\b/i, 'contains a <foreignObject> element'],
    [/\son[a-z]+\s*=/i, 'contains an event handler attribute (on…=)'],
    [/(href\s*=\s*["']\s*|url\(\s*["']?\s*)(https?:|\/\/)|@import/i, 'refers to an outside resource'],
    [/javascript:/i, 'contains a javascript: address'],
  ];
  for (const [pattern, problem] of forbidden) {
    if (pattern.test(body)) problems.push(`${problem}; expected a self-contained drawing`);
  }
  return problems;
}

/** Width and height of the root element's viewBox, when it has a positive size. */
export function readViewBox(svg: string): { width: number; height: number } | undefined {
  const root = rootTag(withoutProlog(svg));
  const match =
    root &&
    /\sviewBox\s*=\s*["']\s*([-\d.e]+)[\s,]+([-\d.e]+)[\s,]+([\d.e]+)[\s,]+([\d.e]+)\s*["']/.exec(root);
  if (!match) return undefined;
  const width = Number(match[3]);
  const height = Number(match[4]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function withoutProlog(text: string): string {
  return text
    .replace(/<\?xml[\s\S]*?\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>]*>/i, '')
    .trimStart();
}

function rootTag(body: string): string | undefined {
  return /^<svg\b[^>]*>/.exec(body)?.[0];
}
