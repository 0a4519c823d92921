import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { inspectSvg } from '../../../scripts/lib/svg-check.ts';
import { tidySvg } from '../../../scripts/lib/svg-tidy.ts';
import { defaultBrandsDir } from '../../../scripts/vite/app-config.ts';
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
      svg(
        '<image href="data:image/png;base64,AAAA"/><image xlink:href=" data:image/jpeg;base64,/9j/\n4A== "/>',
      ),
    ],
    ['a style element with internal references', svg('<style><![CDATA[rect{fill:url(#g)}]]></style><rect/>')],
    [
      'editor metadata with namespace URLs',
      svg('<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>'),
    ],
    [
      'what Illustrator writes',
      `<?xml version="1.0" encoding="utf-8"?>
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
  viewBox="0 0 10 10" style="enable-background:new 0 0 10 10;" xml:space="preserve">
<style type="text/css">
  .st0{fill:#0F766E;}
</style>
<g data-name="Ebene 1"><path class="st0" d="M0,0h10v10H0z"/></g>
</svg>`,
    ],
    [
      "Inkscape's licence metadata",
      svg(
        '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/"><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format><dc:type rdf:resource="http://purl.org/dc/dcmitype/StillImage"/></cc:Work></rdf:RDF></metadata>',
      ),
    ],
    [
      'gradients, patterns, filters, clip paths and masks referred to by #id',
      svg(
        '<defs><linearGradient id="a" gradientTransform="rotate(45)"><stop offset="0" stop-color="rgb(1 2 3)"/></linearGradient><radialGradient id="b" xlink:href="#a"/><pattern id="p" width="2" height="2" patternUnits="userSpaceOnUse"><circle r="1"/></pattern><filter id="f"><feGaussianBlur stdDeviation="1" result="b"/><feOffset dx="1" in="b"/></filter><clipPath id="c"><rect width="5" height="5"/></clipPath><mask id="m"><circle r="3" fill="#fff"/></mask></defs><g clip-path="url(#c)" mask="url(#m)" filter="url(#f)"><rect fill="url(\'#b\')" stroke="url(#p)"/></g>',
      ),
    ],
    [
      'text with a font and an accessible name',
      svg(
        '<text x="0" y="8" font-family="\'Helvetica Neue\', Arial" font-weight="700" aria-label="WD Pall" role="img">WD<tspan dx="1">Pall</tspan></text>',
      ),
    ],
    [
      'SVG elements with a prefix',
      svg('<s:g xmlns:s="http://www.w3.org/2000/svg"><s:rect width="1" height="1"/></s:g>'),
    ],
    [
      'CSS with comments, @media and color functions',
      svg(
        '<style>/* dark */ @media (prefers-color-scheme: dark) { .a:not(.b) { fill: hsl(0 0% 100%) } }</style>',
      ),
    ],
  ])('%s', (_case, text) => {
    expect(inspectSvg(text).problems).toEqual([]);
  });

  test('every drawing in brands/', () => {
    const drawings = readdirSync(defaultBrandsDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.svg'),
    );
    const problems = drawings.map((file) => [
      file,
      inspectSvg(readFileSync(path.join(defaultBrandsDir, file), 'utf8')).problems,
    ]);
    expect(drawings.length).toBeGreaterThan(0);
    expect(problems).toEqual(drawings.map((file) => [file, []]));
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
      /^contains a <script> element; expected a self-contained drawing made of the elements listed under "SVG rules" in docs\/brands\.md$/,
    ],
    [
      'a prefixed script',
      svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'),
      /^contains a <svg:script> element; /,
    ],
    [
      'a foreignObject',
      svg('<foreignObject><div/></foreignObject>'),
      /^contains a <foreignObject> element; /,
    ],
    ['a link', svg('<a href="#a"><rect/></a>'), /^contains a <a> element; /],
    [
      'an animation that rewrites an address',
      svg('<use href="#a"><set attributeName="href" to="https://evil.example/"/></use>'),
      /^contains a <set> element; /,
    ],
    ['an feImage', svg('<filter><feImage href="#a"/></filter>'), /^contains a <feImage> element; /],
    [
      'an element of another program',
      svg('<x:n xmlns:x="urn:x"/>'),
      /^contains a <x:n> element of another namespace \(urn:x\); expected only SVG elements/,
    ],
    [
      'an SVG name in the XHTML namespace',
      svg('<g xmlns="http://www.w3.org/1999/xhtml"/>'),
      /^contains a <g> element of another namespace/,
    ],
    [
      'an XHTML element inside <metadata>',
      svg(
        '<metadata><img xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/p.png"/></metadata>',
      ),
      /^contains a <img> element inside <metadata>; expected only RDF there/,
    ],
    [
      'an XHTML element inside RDF that redeclares the default namespace',
      svg(
        '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://www.w3.org/1999/xhtml"><img src="https://evil.example/p.png"/></rdf:RDF></metadata>',
      ),
      /^contains a <img> element inside <metadata>/,
    ],
    [
      'an undeclared prefix',
      svg('<x:rect/>'),
      /^uses the prefix x: in x:rect without declaring it; expected xmlns:x=/,
    ],
    [
      'an event handler',
      svg('<rect/>', ' onload="alert(1)"'),
      /^the onload attribute of <svg> is an event handler; expected a self-contained drawing without scripts$/,
    ],
    [
      'an unknown attribute',
      svg('<rect foo="1"/>'),
      /^the foo attribute of <rect> is not allowed; expected only the attributes listed/,
    ],
    [
      'an xml:base',
      svg('<g xml:base="https://evil.example/"><use href="#a"/></g>'),
      /^the xml:base attribute of <g> is not allowed/,
    ],
    [
      'editor attributes',
      svg('<g xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:label="Ebene 1"/>'),
      /^holds Inkscape editor data \(1 inkscape: attribute\); expected only SVG: `npm run brands:tidy -- <brand>` removes it without changing the picture$/,
    ],
    [
      'attributes of a program svgo does not know',
      svg('<g xmlns:x="urn:x" x:label="Ebene 1"/>'),
      /^the x:label attribute of <g> belongs to another program \(urn:x\); expected only SVG attributes: `npm run brands:tidy -- <brand>` removes editor data, or export again as Inkscape's "Plain SVG"/,
    ],
    [
      'a javascript: address',
      svg('<image href="javascript:alert(1)"/>'),
      /^the href of <image> is a javascript: address; expected a self-contained drawing without scripts$/,
    ],
    [
      'an entity-encoded javascript: address',
      svg('<image href="&#106;avascript:alert(1)"/>'),
      /is a javascript: address/,
    ],
    [
      'a javascript: address split by whitespace',
      svg('<image href="java&#x09;script:alert(1)"/>'),
      /is a javascript: address/,
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
      'an outside image by xlink:href',
      svg('<image xlink:href="https://evil.example/x.png"/>'),
      /^the xlink:href of <image> refers/,
    ],
    [
      'a relative address',
      svg('<image href="p.png"/>'),
      /^the href of <image> refers to the outside resource p\.png; /,
    ],
    [
      'a protocol-relative use',
      svg('<use href="//evil.example/x.svg#a"/>'),
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
      'a CSS @font-face',
      svg('<style>@font-face{font-family:x}</style>'),
      /^<style> uses the CSS rule @font-face; /,
    ],
    [
      'an escaped url()',
      svg('<style><![CDATA[rect{fill:u\\72l(https://evil.example/p)}]]></style>'),
      /^a url\(\) in <style> refers to the outside resource https:\/\/evil\.example\/p; /,
    ],
    [
      'an escaped image-set()',
      svg('<style>svg{background:image-s\\65t("https://evil.example/p.png" 1x)}</style>'),
      /uses the CSS function image-set\(\)/,
    ],
    [
      'CSS src()',
      svg('<style>svg{background:src("https://evil.example/p.png")}</style>'),
      /uses the CSS function src\(\)/,
    ],
    [
      'CSS image()',
      svg('<style>svg{background:image("https://evil.example/p.png")}</style>'),
      /uses the CSS function image\(\)/,
    ],
    [
      'CSS expression()',
      svg('<rect style="width:expression(alert(1))"/>'),
      /^the style attribute of <rect> uses the CSS function expression\(\)/,
    ],
    [
      'a url() whose address starts with a CSS comment, which is part of an unquoted address',
      svg('<style>rect{fill:url(/*x*/#a)}</style>'),
      /refers to the outside resource \/\*x\*\/#a; /,
    ],
    [
      'a url() between two strings that look like a comment',
      svg('<style>svg{content:"/*";fill:url(https://evil.example/p);content:"*/"}</style>'),
      /refers to the outside resource https:\/\/evil\.example\/p; /,
    ],
  ])('%s', (_case, text, problem) => {
    const { problems } = inspectSvg(text);
    expect(problems).toContainEqual(expect.stringMatching(problem));
    expect(problems.every((message) => /; expected /.test(message))).toBe(true);
  });

  test("refuses an entity XML does not know, such as HTML's &nbsp;, which browsers refuse", () => {
    expect(inspectSvg(svg('<text>A&nbsp;B</text>')).problems).toEqual([
      'uses the entity &nbsp;, which XML does not know (HTML does), so browsers refuse the file; expected the character itself or its number (&#160; for &nbsp;)',
    ]);
    // The five XML knows, a number, and the same text in a comment or a CDATA section are fine.
    expect(
      inspectSvg(
        svg(
          '<!-- &nbsp; --><title>&lt;&gt;&amp;&quot;&apos;&#160;</title><style><![CDATA[/* &nbsp; */]]></style>',
        ),
      ).problems,
    ).toEqual([]);
  });

  test('reports each problem once, and each outside address by its element, attribute and address', () => {
    const { problems } = inspectSvg(
      svg(
        '<script/><script/><image href="https://a.example/"/><image href="https://a.example/"/><use href="https://b.example/#x"/>',
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^contains a <script> element; expected a self-contained drawing/),
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
      'a web font @import, whose address holds an @ that starts no rule',
      '<style>@import url(https://fonts.googleapis.com/css2?family=Source+Sans+3:wght@700);</style>',
      /^an @import in <style> refers to the outside resource https:\/\/fonts\.googleapis\.com\/css2\?family=Source\+Sans\+3:wght@700; /,
    ],
    [
      'a url() in a style attribute',
      '<rect style="fill:url(//evil.example/p)"/>',
      /^a url\(\) in the style attribute of <rect> refers to the outside resource \/\/evil\.example\/p; /,
    ],
    [
      'embedded SVG data',
      '<use href="data:image/svg+xml,&lt;svg/&gt;"/>',
      /^the href of <use> refers to the outside resource data:image\/svg\+xml,<svg\/>; expected only PNG, JPEG, GIF or WebP images as base64 data: addresses/,
    ],
  ])('names where %s is and what it loads', (_case, body, message) => {
    expect(inspectSvg(svg(body)).problems).toEqual([expect.stringMatching(message)]);
  });
});

// The probes of the security review (issue 14): each got an outside fetch past the deny-list.
describe('inspectSvg refuses what the security review got through', () => {
  test.each([
    [
      'CSS split by an XML comment: <style>…ur<!-- -->l(https://…)',
      svg('<style>rect{fill:ur<!-- -->l(https://evil.example/p)}</style>'),
      /^a url\(\) in <style> refers to the outside resource https:\/\/evil\.example\/p; /,
    ],
    [
      'CSS split by CDATA: <style>…ur<![CDATA[l(https://…)]]>',
      svg('<style>rect{fill:ur<![CDATA[l(https://evil.example/p)]]>}</style>'),
      /^a url\(\) in <style> refers to the outside resource https:\/\/evil\.example\/p; /,
    ],
    [
      'CSS split by an element: <style>…ur<g/>l(https://…)',
      svg('<style>rect{fill:ur<g/>l(https://evil.example/p)}</style>'),
      /^a url\(\) in <style> refers to the outside resource https:\/\/evil\.example\/p; /,
    ],
    [
      'image-set(): background-image:image-set("https://…" 1x)',
      svg('<style>svg{background-image:image-set("https://evil.example/p.png" 1x)}</style>'),
      /^<style> uses the CSS function image-set\(\); expected only the functions listed/,
    ],
    [
      'a /\\host address: <image href="/\\evil.example/p.png">',
      svg('<image href="/\\evil.example/p.png"/>'),
      /^the href of <image> refers to the outside resource \/\\evil\.example\/p\.png; /,
    ],
    [
      'a \\\\host address: <image href="\\\\evil.example/p.png">',
      svg('<image href="\\\\evil.example/p.png"/>'),
      /^the href of <image> refers to the outside resource \\\\evil\.example\/p\.png; /,
    ],
    [
      'an outside url() in a presentation attribute: <rect fill="url(https://…)">',
      svg('<rect fill="url(https://evil.example/p)"/>'),
      /^a url\(\) in the fill attribute of <rect> refers to the outside resource https:\/\/evil\.example\/p; /,
    ],
    [
      'XHTML <img srcset>',
      svg('<img xmlns="http://www.w3.org/1999/xhtml" srcset="https://evil.example/p.png 1x"/>'),
      /^contains a <img> element of another namespace \(http:\/\/www\.w3\.org\/1999\/xhtml\); expected only SVG elements/,
    ],
    [
      'XHTML <video poster>',
      svg('<h:video xmlns:h="http://www.w3.org/1999/xhtml" poster="https://evil.example/p.png"/>'),
      /^contains a <h:video> element of another namespace \(http:\/\/www\.w3\.org\/1999\/xhtml\)/,
    ],
    [
      'XHTML <meta http-equiv=refresh>, which navigates away when the SVG is opened directly',
      svg(
        '<meta xmlns="http://www.w3.org/1999/xhtml" http-equiv="refresh" content="0;url=https://evil.example/"/>',
      ),
      /^contains a <meta> element of another namespace \(http:\/\/www\.w3\.org\/1999\/xhtml\)/,
    ],
  ])('%s', (_case, text, problem) => {
    expect(inspectSvg(text).problems).toEqual([expect.stringMatching(problem)]);
  });
});

describe('editor data is one line per file, and leaves the drawing drawable', () => {
  const INKSCAPE = 'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"';
  const SODIPODI = 'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"';
  const ILLUSTRATOR = 'xmlns:i="http://ns.adobe.com/AdobeIllustrator/10.0/"';
  const inkscapeExport = readFileSync(
    fileURLToPath(new URL('../fixtures/brands-tidy/inkscape-logo.svg', import.meta.url)),
    'utf8',
  );

  test("an Inkscape export: one line, in the words of brands:tidy's own summary", () => {
    const { problems, drawable } = inspectSvg(inkscapeExport, { brand: 'acme' });
    expect(problems).toEqual([
      'holds Inkscape editor data (sodipodi:namedview, 15 inkscape: attributes, 10 sodipodi: attributes); expected only SVG: `npm run brands:tidy -- acme` removes it without changing the picture',
    ]);
    expect(drawable).toBe(true);
    expect(tidySvg(inkscapeExport).removed[0]).toBe(
      'Inkscape editor data (sodipodi:namedview, 15 inkscape: attributes, 10 sodipodi: attributes)',
    );
  });

  test.each([
    [
      'two programs, each named',
      svg(`<g ${INKSCAPE} ${ILLUSTRATOR} inkscape:label="a" i:layer="yes"><i:pgf/></g>`),
      [
        'holds Illustrator editor data (i:pgf, 1 i: attribute) and Inkscape editor data (1 inkscape: attribute); ',
      ],
      true,
    ],
    [
      'elements counted as written, what they hold counted with them',
      svg(
        `<sodipodi:namedview ${SODIPODI} ${INKSCAPE} inkscape:zoom="2"><inkscape:page/></sodipodi:namedview><sodipodi:guide ${SODIPODI}/><sodipodi:guide ${SODIPODI}/>`,
      ),
      ['holds Inkscape editor data (sodipodi:namedview, 2 sodipodi:guide); '],
      true,
    ],
    [
      'editor data beside another problem: both, the other as before',
      svg(`<g ${INKSCAPE} inkscape:label="a"><script/></g>`),
      [
        'holds Inkscape editor data (1 inkscape: attribute); ',
        'contains a <script> element; expected a self-contained drawing',
      ],
      false,
    ],
    [
      'what an editor element holds is checked like the rest, since a <use> can draw it',
      svg(
        `<sodipodi:namedview ${SODIPODI}><image id="p" href="https://evil.example/p.png"/></sodipodi:namedview><use href="#p"/>`,
      ),
      [
        'holds Inkscape editor data (sodipodi:namedview); ',
        'the href of <image> refers to the outside resource https://evil.example/p.png; ',
      ],
      false,
    ],
    [
      'no viewBox: nothing to draw it at',
      `<svg xmlns="http://www.w3.org/2000/svg" ${INKSCAPE} inkscape:version="1.3"><rect/></svg>`,
      ['has no usable viewBox', 'holds Inkscape editor data (1 inkscape: attribute); '],
      false,
    ],
    [
      'an editor element in a default namespace of its own',
      svg('<namedview xmlns="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/>'),
      ['holds Inkscape editor data (namedview); '],
      true,
    ],
    ['no problem at all', svg('<rect width="5" height="5"/>'), [], true],
  ])('%s', (_case, text, starts, drawable) => {
    const inspection = inspectSvg(text);
    expect(inspection.problems).toEqual(starts.map((start) => expect.stringMatching(`^${escape(start)}`)));
    expect(inspection.drawable).toBe(drawable);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
