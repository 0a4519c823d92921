import { optimize, type CustomPlugin, type PluginConfig, type XastElement, type XastParent } from 'svgo';
import { describeEditorData, RDF_NAMESPACES, type EditorData } from './editor-data.ts';
import { SVG_NAMESPACE, XLINK_NAMESPACE, XML_NAMESPACE } from './svg-allow-list.ts';

/** What a drawing program leaves in an export, counted before and after tidying. */
interface Inventory {
  declarations: number;
  doctypes: number;
  comments: number;
  metadata: number;
  namespaces: number;
  /** Every prefix declared anywhere, with its namespace, to name the program behind it. */
  prefixes: Map<string, string>;
  /** Elements of another namespace, by name as written; their content is part of them. */
  foreignElements: Map<string, number>;
  /** Attributes of another namespace, by prefix. */
  foreignAttributes: Map<string, number>;
  /** SVG elements by local name: one that disappears was an empty container. */
  svgElements: Map<string, number>;
}

export interface TidiedSvg {
  /** The tidied text, or the text as it was when there was nothing to remove. */
  text: string;
  /** What went, in words ("Inkscape editor data (sodipodi:namedview, 23 inkscape: attributes)"). */
  removed: string[];
}

const ILLUSTRATOR_NAMESPACE = 'http://ns.adobe.com/AdobeIllustrator/10.0/';

/**
 * Only what cannot change the picture (docs/brands.md, "Tidying a designer's export"): no path,
 * number, color, shape, style or id is rewritten, so svgo's preset-default is not used.
 */
const SAFE_PLUGINS: PluginConfig[] = [
  'removeDoctype',
  'removeXMLProcInst',
  // Keeps comments starting with "!", which by convention hold a licence.
  'removeComments',
  'removeMetadata',
  'removeEditorsNSData',
  unwrapIllustratorSwitch(),
  // Skips empty masks with an id, patterns with attributes and groups with a filter: they draw.
  'removeEmptyContainers',
  'removeUnusedNS',
];

/** Removes editor data, metadata, comments and the XML prolog from an SVG; nothing it draws. */
export function tidySvg(text: string): TidiedSvg {
  const before = emptyInventory();
  const after = emptyInventory();
  // XML reads every CRLF as LF anyway; this only keeps Windows line ends out of the output.
  const input = text.replaceAll(/\r\n?/g, '\n');
  const { data } = optimize(input, {
    plugins: [takeInventory(before), ...SAFE_PLUGINS, takeInventory(after)],
    js2svg: { pretty: true, indent: 2, eol: 'lf', finalNewline: true },
  });
  const removed = describeRemovals(before, after);
  return { text: removed.length > 0 ? data : text, removed };
}

/**
 * Illustrator's "Preserve Illustrator Editing Capabilities" wraps the drawing in a <switch>
 * whose first choice is a <foreignObject> that only Illustrator's own extension renders
 * (requiredExtensions is false in every browser); once its editor content is gone, the
 * <switch> always shows its second child, which then takes its place.
 */
function unwrapIllustratorSwitch(): CustomPlugin {
  return {
    name: 'unwrapIllustratorSwitch',
    fn: () => ({
      element: {
        enter: (node, parent) => {
          if (node.name !== 'switch' || Object.keys(node.attributes).length > 0) return;
          const elements = node.children.filter((child): child is XastElement => child.type === 'element');
          const [fallback, drawing, ...rest] = elements;
          if (!fallback || !drawing || rest.length > 0 || elements.length < node.children.length) return;
          const illustratorOnly =
            fallback.name === 'foreignObject' &&
            fallback.attributes.requiredExtensions === ILLUSTRATOR_NAMESPACE &&
            fallback.children.length === 0;
          const conditional = ['requiredExtensions', 'requiredFeatures', 'systemLanguage'].some(
            (name) => name in drawing.attributes,
          );
          if (illustratorOnly && !conditional) {
            parent.children.splice(parent.children.indexOf(node), 1, drawing);
          }
        },
      },
    }),
  };
}

function emptyInventory(): Inventory {
  return {
    declarations: 0,
    doctypes: 0,
    comments: 0,
    metadata: 0,
    namespaces: 0,
    prefixes: new Map(),
    foreignElements: new Map(),
    foreignAttributes: new Map(),
    svgElements: new Map(),
  };
}

function takeInventory(inventory: Inventory): CustomPlugin {
  return {
    name: 'takeInventory',
    fn: (root) => {
      countChildren(root, new Map([['xml', XML_NAMESPACE]]), inventory);
      return null;
    },
  };
}

type Scope = ReadonlyMap<string, string>;

function countChildren(parent: XastParent, scope: Scope, inventory: Inventory): void {
  for (const child of parent.children) {
    if (child.type === 'doctype') inventory.doctypes += 1;
    else if (child.type === 'instruction' && child.name === 'xml') inventory.declarations += 1;
    else if (child.type === 'comment') inventory.comments += 1;
    else if (child.type === 'element') countElement(child, scope, inventory);
  }
}

function countElement(element: XastElement, outer: Scope, inventory: Inventory): void {
  const scope = new Map(outer);
  for (const [name, value] of Object.entries(element.attributes)) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    inventory.namespaces += 1;
    const prefix = name.slice('xmlns:'.length);
    scope.set(prefix, value);
    inventory.prefixes.set(prefix, value);
  }
  const { namespace, localName } = resolve(element.name, scope);
  // Without a namespace, as svg-check.ts reads it: an SVG element that forgot its xmlns.
  if (namespace !== SVG_NAMESPACE && namespace !== '') {
    add(inventory.foreignElements, element.name);
    return;
  }
  if (localName === 'metadata') {
    inventory.metadata += 1;
    return;
  }
  add(inventory.svgElements, localName);
  for (const name of Object.keys(element.attributes)) {
    const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : undefined;
    if (prefix === undefined || prefix === 'xmlns') continue;
    if (![XLINK_NAMESPACE, XML_NAMESPACE].includes(scope.get(prefix) ?? '')) {
      add(inventory.foreignAttributes, prefix);
    }
  }
  countChildren(element, scope, inventory);
}

function resolve(name: string, scope: Scope): { namespace: string; localName: string } {
  const colon = name.indexOf(':');
  if (colon < 0) return { namespace: scope.get('') ?? '', localName: name };
  return { namespace: scope.get(name.slice(0, colon)) ?? '', localName: name.slice(colon + 1) };
}

function add(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** The differences between two inventories, in words, grouped by the program that wrote them. */
function describeRemovals(before: Inventory, after: Inventory): string[] {
  const namespaceOf = (prefix: string) => before.prefixes.get(prefix) ?? '';
  const editorData: EditorData[] = [
    ...gone(before.foreignElements, after.foreignElements).map(([element, count]) => {
      const prefix = element.split(':')[0] ?? '';
      return { namespace: namespaceOf(prefix), prefix, element, count };
    }),
    ...gone(before.foreignAttributes, after.foreignAttributes).map(([prefix, count]) => ({
      namespace: namespaceOf(prefix),
      prefix,
      count,
    })),
  ].filter(({ namespace }) => !RDF_NAMESPACES.has(namespace));
  const removed = describeEditorData(editorData);
  if (after.metadata < before.metadata) removed.push('metadata');
  const emptied = gone(before.svgElements, after.svgElements);
  if (emptied.length > 0) {
    const count = emptied.reduce((sum, [, n]) => sum + n, 0);
    const names = emptied.map(([name]) => `<${name}>`).join(', ');
    removed.push(
      `${count} element${count > 1 ? 's' : ''} that add${count > 1 ? '' : 's'} nothing to the picture (${names})`,
    );
  }
  if (after.declarations < before.declarations) removed.push('the XML declaration');
  if (after.doctypes < before.doctypes) removed.push('the DOCTYPE');
  const comments = before.comments - after.comments;
  if (comments > 0) removed.push(`${comments} comment${comments > 1 ? 's' : ''}`);
  const namespaces = before.namespaces - after.namespaces;
  if (namespaces > 0) removed.push(`${namespaces} namespace declaration${namespaces > 1 ? 's' : ''}`);
  return removed;
}

function gone(before: Map<string, number>, after: Map<string, number>): [string, number][] {
  return [...before]
    .map(([key, count]): [string, number] => [key, count - (after.get(key) ?? 0)])
    .filter(([, count]) => count > 0);
}
