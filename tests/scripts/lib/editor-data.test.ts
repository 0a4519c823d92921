import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { describeEditorData, EDITOR_NAMESPACES, RDF_NAMESPACES } from '../../../scripts/lib/editor-data.ts';

test("the editor namespaces are svgo's, which brands:tidy removes: the build's one line says so truly", async () => {
  // svgo's package exports do not include its collections; its file is read by path.
  const svgo = path.dirname(path.dirname(createRequire(import.meta.url).resolve('svgo')));
  const collections: { editorNamespaces?: unknown } = await import(
    pathToFileURL(path.join(svgo, 'plugins', '_collections.js')).href
  );
  expect(collections.editorNamespaces).toEqual(new Set([...EDITOR_NAMESPACES, ...RDF_NAMESPACES]));
});

test.each([
  [
    'an Inkscape export',
    [
      {
        namespace: 'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
        prefix: 'sodipodi',
        element: 'sodipodi:namedview',
        count: 1,
      },
      { namespace: 'http://www.inkscape.org/namespaces/inkscape', prefix: 'inkscape', count: 15 },
      { namespace: 'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd', prefix: 'sodipodi', count: 1 },
    ],
    ['Inkscape editor data (sodipodi:namedview, 15 inkscape: attributes, 1 sodipodi: attribute)'],
  ],
  [
    'two programs, and one without a name, known by its prefix',
    [
      { namespace: 'http://ns.adobe.com/AdobeIllustrator/10.0/', prefix: 'i', element: 'i:pgf', count: 2 },
      { namespace: 'http://www.vector.evaxdesign.sk', prefix: 'vectornator', count: 3 },
      { namespace: 'http://www.figma.com/figma/ns', prefix: 'figma', count: 1 },
    ],
    [
      'Illustrator editor data (2 i:pgf)',
      'vectornator: editor data (3 vectornator: attributes)',
      'Figma editor data (1 figma: attribute)',
    ],
  ],
])('describeEditorData names %s', (_case, found, described) => {
  expect(describeEditorData(found)).toEqual(described);
});
