/**
 * What drawing programs leave in an export and `npm run brands:tidy` removes (svgo's
 * removeEditorsNSData): the namespaces of svgo's _collections.editorNamespaces, which svgo does
 * not export, less RDF's (RDF_NAMESPACES), which the SVG rules allow inside <metadata>. Their
 * elements and attributes cannot change the picture: browsers and librsvg ignore them.
 * tests/scripts/lib/editor-data.test.ts holds this copy to svgo's list.
 */
export const EDITOR_NAMESPACES: ReadonlySet<string> = new Set([
  'http://inkscape.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://krita.org/namespaces/svg/krita',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
  'http://ns.adobe.com/AdobeSVGViewerExtensions/3.0/',
  'http://ns.adobe.com/Extensibility/1.0/',
  'http://ns.adobe.com/Flows/1.0/',
  'http://ns.adobe.com/GenericCustomNamespace/1.0/',
  'http://ns.adobe.com/Graphs/1.0/',
  'http://ns.adobe.com/ImageReplacement/1.0/',
  'http://ns.adobe.com/SaveForWeb/1.0/',
  'http://ns.adobe.com/Variables/1.0/',
  'http://ns.adobe.com/XPath/1.0/',
  'http://schemas.microsoft.com/visio/2003/SVGExtensions/',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://taptrix.com/vectorillustrator/svg_extensions',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://www.figma.com/figma/ns',
  'http://www.inkscape.org/namespaces/inkscape',
  'http://www.serif.com/',
  'http://www.vector.evaxdesign.sk',
  'https://boxy-svg.com',
]);

export const RDF_NAMESPACES: ReadonlySet<string> = new Set([
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://creativecommons.org/ns#',
]);

/** The programs behind the editor namespaces, to name them to a brand manager. */
const PROGRAMS: readonly [program: string, matches: (namespace: string) => boolean][] = [
  ['Inkscape', (ns) => ns.includes('inkscape') || ns.includes('sodipodi')],
  ['Illustrator', (ns) => ns.startsWith('http://ns.adobe.com/')],
  ['Sketch', (ns) => ns.includes('bohemiancoding.com')],
  ['Figma', (ns) => ns.includes('figma.com')],
  ['Affinity', (ns) => ns === 'http://www.serif.com/'],
  ['Krita', (ns) => ns.includes('krita.org')],
  ['Visio', (ns) => ns.includes('schemas.microsoft.com/visio')],
  ['Boxy SVG', (ns) => ns.includes('boxy-svg.com')],
];

/** One kind of editor data: the elements of one name, or the attributes of one prefix. */
export interface EditorData {
  namespace: string;
  prefix: string;
  /** An element's name as written, or undefined for attributes. */
  element?: string;
  count: number;
}

/**
 * "Inkscape editor data (sodipodi:namedview, 15 inkscape: attributes, 10 sodipodi: attributes)",
 * one text per program, in the order given (elements first reads best).
 */
export function describeEditorData(found: readonly EditorData[]): string[] {
  const byProgram = new Map<string, string[]>();
  for (const { namespace, prefix, element, count } of found) {
    const program = PROGRAMS.find(([, matches]) => matches(namespace))?.[0] ?? `${prefix}:`;
    const what =
      element === undefined
        ? `${count} ${prefix}: attribute${count > 1 ? 's' : ''}`
        : count > 1
          ? `${count} ${element}`
          : element;
    byProgram.set(program, [...(byProgram.get(program) ?? []), what]);
  }
  return [...byProgram].map(([program, parts]) => `${program} editor data (${parts.join(', ')})`);
}
