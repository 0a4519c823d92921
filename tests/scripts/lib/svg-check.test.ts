import { describe, expect, test } from 'vitest';
import { inspectSvg } from '../../../scripts/lib/svg-check.ts';
import { validSvg } from '../brand-fixtures.ts';

const svg = (inner: string, rootAttributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${rootAttributes}>${inner}</svg>`;

describe('inspectSvg accepts', () => {
  test.each([
    ['a plain drawing', validSvg],
    ['an XML declaration and comments', `<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n${validSvg}`],
    [
      'the public DOCTYPE that drawing programs write',
      `<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${validSvg}`,
    ],
    [
      'internal references',
      svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use xlink:href="#g"/>'),
    ],
    [
      'embedded raster images',
      svg('<image href="data:image/png;base64,AAAA"/><image href="data:image/jpeg,x"/>'),
    ],
    ['a style element with internal references', svg('<style><![CDATA[rect{fill:url(#g)}]]></style><rect/>')],
    [
      'editor metadata with namespace URLs',
      svg('<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>'),
    ],
  ])('%s', (_case, text) => {
    expect(inspectSvg(text).problems).toEqual([]);
  });

  test('and reads the viewBox of the root element only', () => {
    const text =
      '<!-- <svg viewBox="0 0 1 1"> -->\n<svg viewBox="-5 2.5 200 48"><svg viewBox="0 0 5 5"/></svg>';
    expect(inspectSvg(text).viewBox).toEqual({ x: -5, y: 2.5, width: 200, height: 48 });
    expect(inspectSvg("<svg viewBox='0,0,10.5,3'/>").viewBox).toEqual({ x: 0, y: 0, width: 10.5, height: 3 });
  });
});

describe('inspectSvg refuses, saying what is expected', () => {
  test.each([
    ['an empty file', '', /^is empty; expected an SVG image$/],
    ['a blank file', '   \n', /^is empty/],
    [
      'an unclosed tag',
      '<svg viewBox="0 0 1 1"',
      /^is not well-formed XML \(line 1, column \d+: .+\); expected an SVG image$/,
    ],
    ['mismatched tags', '<svg viewBox="0 0 1 1"><rect></svg>', /^is not well-formed XML/],
    ['another root element', '<html><body/></html>', /^does not consist of one <svg> element/],
    ['two root elements', `${validSvg}${validSvg}`, /^is not well-formed XML .*Multiple possible root nodes/],
    ['no viewBox', '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', /^has no usable viewBox/],
    ['an empty viewBox', '<svg viewBox="0 0 0 10"><rect/></svg>', /^has no usable viewBox/],
    ['a viewBox of three numbers', '<svg viewBox="0 0 10"><rect/></svg>', /^has no usable viewBox/],
    [
      'entities',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg viewBox="0 0 1 1">&a;</svg>',
      /^declares entities in its DOCTYPE/,
    ],
    [
      'a stylesheet instruction',
      `<?xml-stylesheet href="https://evil.example/a.css"?>${validSvg}`,
      /^contains the processing instruction <\?xml-stylesheet>/,
    ],
    [
      'a script',
      svg('<script>alert(1)</script>'),
      /^contains a <script> element; expected a self-contained drawing$/,
    ],
    [
      'a prefixed script',
      svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'),
      /^contains a <svg:script> element/,
    ],
    ['a foreignObject', svg('<foreignObject><div/></foreignObject>'), /^contains a <foreignObject> element/],
    [
      'an event handler',
      svg('<rect/>', ' onload="alert(1)"'),
      /^contains an event handler attribute \(onload=\)/,
    ],
    [
      'a javascript: link',
      svg('<a href="javascript:alert(1)"><rect/></a>'),
      /^contains a javascript: address/,
    ],
    [
      'an entity-encoded javascript: link',
      svg('<a href="&#106;avascript:alert(1)"><rect/></a>'),
      /^contains a javascript: address/,
    ],
    [
      'a javascript: link split by whitespace',
      svg('<a href="java&#x09;script:alert(1)"><rect/></a>'),
      /^contains a javascript: address/,
    ],
    [
      'an animated javascript: link',
      svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>'),
      /^contains a javascript: address/,
    ],
    [
      'an outside image',
      svg('<image href="https://evil.example/x.png"/>'),
      /^the href of <image> refers to the outside resource https:\/\/evil\.example\/x\.png; expected a self-contained drawing: embed it/,
    ],
    [
      'an entity-encoded outside image',
      svg('<image href="&#104;ttps://evil.example/x.png"/>'),
      /refers to the outside resource /,
    ],
    [
      'a protocol-relative use',
      svg('<use href="//evil.example/x.svg#a"/>'),
      /refers to the outside resource /,
    ],
    [
      'an animated outside link',
      svg('<a><set attributeName="href" to="https://evil.example/"/></a>'),
      /refers to the outside resource /,
    ],
    [
      'an outside link in animation values',
      svg('<a><animate attributeName="href" values="#a;https://evil.example/"/></a>'),
      /refers to the outside resource /,
    ],
    [
      'an xml:base',
      svg('<g xml:base="https://evil.example/"><use href="x.svg#a"/></g>'),
      /refers to the outside resource /,
    ],
    [
      'embedded SVG data',
      svg('<use href="data:image/svg+xml,&lt;svg/&gt;"/>'),
      /refers to the outside resource /,
    ],
    [
      'an outside url() in a style element',
      svg('<style>rect{fill:url(http://evil.example/p)}</style>'),
      /refers to the outside resource /,
    ],
    [
      'an outside url() in a style attribute',
      svg('<rect style="fill:url(\'//evil.example/p\')"/>'),
      /refers to the outside resource /,
    ],
    [
      'a CSS @import',
      svg('<style>@import "https://evil.example/a.css";</style>'),
      /refers to the outside resource /,
    ],
    [
      'a CSS escape',
      svg('<style><![CDATA[rect{fill:u\\72l(https://evil.example/p)}]]></style>'),
      /^uses a CSS escape/,
    ],
  ])('%s', (_case, text, problem) => {
    const { problems } = inspectSvg(text);
    expect(problems).toContainEqual(expect.stringMatching(problem));
    expect(problems.every((message) => /; expected /.test(message))).toBe(true);
  });

  test('reports each problem once, and each outside address by its element, attribute and address', () => {
    const { problems } = inspectSvg(
      svg(
        '<script/><script/><image href="https://a.example/"/><image href="https://a.example/"/><use href="https://b.example/#x"/>',
      ),
    );
    expect(problems).toEqual([
      'contains a <script> element; expected a self-contained drawing',
      expect.stringMatching(/^the href of <image> refers to the outside resource https:\/\/a\.example\/; /),
      expect.stringMatching(/^the href of <use> refers to the outside resource https:\/\/b\.example\/#x; /),
    ]);
  });

  test.each([
    [
      'a url() in a style element',
      '<style>rect{fill:url(http://evil.example/p)}</style>',
      /^a url\(\) in <style> refers to the outside resource http:\/\/evil\.example\/p; expected a self-contained drawing: embed it/,
    ],
    [
      'an @import',
      '<style>@import "https://evil.example/a.css";</style>',
      /^an @import in <style> refers to the outside resource https:\/\/evil\.example\/a\.css; /,
    ],
    [
      'a url() in a style attribute',
      '<rect style="fill:url(//evil.example/p)"/>',
      /^a url\(\) in the style attribute of <rect> refers to the outside resource \/\/evil\.example\/p; /,
    ],
    [
      'embedded SVG data',
      '<use href="data:image/svg+xml,&lt;svg/&gt;"/>',
      /^the href of <use> refers to the outside resource data:image\/svg\+xml,<svg\/>; expected only PNG, JPEG, GIF or WebP images as data: addresses/,
    ],
  ])('names where %s is and what it loads', (_case, body, message) => {
    expect(inspectSvg(svg(body)).problems).toEqual([expect.stringMatching(message)]);
  });
});
