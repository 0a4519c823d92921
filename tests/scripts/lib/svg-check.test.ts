import { describe, expect, test } from 'vitest';
import { checkSvg, readViewBox } from '../../../scripts/lib/svg-check.ts';
import { validSvg } from '../brand-fixtures.ts';

describe('checkSvg', () => {
  test('accepts a plain drawing with a viewBox, an XML declaration and comments', () => {
    expect(checkSvg(validSvg)).toEqual([]);
    expect(checkSvg(`<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n${validSvg}`)).toEqual([]);
  });

  test('accepts embedded raster data and internal references', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
      '<defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="10" height="10"/>' +
      '<image href="data:image/png;base64,AAAA" width="1" height="1"/><use xlink:href="#g"/></svg>';
    expect(checkSvg(svg)).toEqual([]);
  });

  test.each([
    ['', /is empty/],
    ['   \n', /is empty/],
    ['<svg viewBox="0 0 1 1"', /is not well-formed XML \(line 1, column \d+: .+\)/],
    ['<svg viewBox="0 0 1 1"><rect></svg>', /is not well-formed XML/],
    ['<html><body/></html>', /does not start with an <svg> element/],
    ['<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', /has no usable viewBox/],
    ['<svg viewBox="0 0 0 10"><rect/></svg>', /has no usable viewBox/],
    ['<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>', /contains a <script> element/],
    ['<svg viewBox="0 0 1 1"><svg:script>alert(1)</svg:script></svg>', /contains a <script> element/],
    ['<svg viewBox="0 0 1 1"><foreignObject/></svg>', /contains a <foreignObject> element/],
    ['<svg viewBox="0 0 1 1" onload="alert(1)"/>', /contains an event handler attribute/],
    [
      '<svg viewBox="0 0 1 1"><image href="https://evil.example/x.png"/></svg>',
      /refers to an outside resource/,
    ],
    ['<svg viewBox="0 0 1 1"><use href="//evil.example/x.svg#a"/></svg>', /refers to an outside resource/],
    [
      '<svg viewBox="0 0 1 1"><rect fill="url(http://evil.example/p)"/></svg>',
      /refers to an outside resource/,
    ],
    [
      '<svg viewBox="0 0 1 1"><a href="javascript:alert(1)"><rect/></a></svg>',
      /contains a javascript: address/,
    ],
    [
      '<svg viewBox="0 0 1 1"><set attributeName="href" to="javascript:alert(1)"/></svg>',
      /contains a javascript: address/,
    ],
    [
      '<svg viewBox="0 0 1 1"><style>@import "https://evil.example/a.css";</style></svg>',
      /refers to an outside resource/,
    ],
  ])('refuses %j', (svg, problem) => {
    const problems = checkSvg(svg);
    expect(problems).toContainEqual(expect.stringMatching(problem));
    expect(problems.every((text) => /expected /.test(text))).toBe(true);
  });

  test('accepts the public DOCTYPE that drawing programs write', () => {
    const doctype =
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">';
    expect(checkSvg(`<?xml version="1.0"?>\n${doctype}\n${validSvg}`)).toEqual([]);
  });

  test('refuses a DOCTYPE that declares entities', () => {
    const svg = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg viewBox="0 0 1 1">&a;</svg>';
    expect(checkSvg(svg)).toEqual([
      'declares entities in its DOCTYPE; expected a self-contained drawing without entities',
    ]);
  });
});

describe('readViewBox', () => {
  test.each([
    ['<svg viewBox="0 0 200 48">', { width: 200, height: 48 }],
    [
      '<!-- <svg viewBox="0 0 1 1"> -->\n<svg viewBox="0 0 200 48"><svg viewBox="0 0 5 5"/></svg>',
      { width: 200, height: 48 },
    ],
    ["<svg viewBox='0,0,10.5,3'>", { width: 10.5, height: 3 }],
    ['<svg viewBox="-5 -5 20 10">', { width: 20, height: 10 }],
    ['<svg width="10">', undefined],
    ['<svg viewBox="0 0 10">', undefined],
  ])('reads %s', (svg, expected) => {
    expect(readViewBox(svg)).toEqual(expected);
  });
});
