// Served by the demo server as /dev/tryout.js (browser-scripts.ts) to the gallery; never part of a
// build. The brand manager picks or drops a brand folder; the server checks and builds it beside a
// copy of brands/ (tryout.ts) and this page shows the build's verdict and the preview.
import type { FileMessages, TryoutVerdict } from '../tryout-verdict.ts';

/** One file of the folder, by its path inside it ("logo.svg"; "alt/logo.svg" for a subfolder). */
interface Picked {
  path: string;
  file: File;
}

const section = byId('tryout', HTMLElement);
const form = byId('tryout-form', HTMLFormElement);
const folderInput = byId('tryout-folder', HTMLInputElement);
const filesInput = byId('tryout-files', HTMLInputElement);
const nameInput = byId('tryout-name', HTMLInputElement);
const status = byId('tryout-status', HTMLElement);
const result = byId('tryout-result', HTMLElement);

let picked: Picked[] = [];
let running: AbortController | undefined;

section.hidden = false;

folderInput.addEventListener('change', () => {
  const files = [...(folderInput.files ?? [])];
  // A folder's files come as "<folder>/<path>".
  const [folder = ''] = files[0]?.webkitRelativePath.split('/') ?? [];
  pick(
    files.map((file) => ({ path: file.webkitRelativePath.split('/').slice(1).join('/'), file })),
    folder,
  );
  folderInput.value = '';
});

filesInput.addEventListener('change', () => {
  pick([...(filesInput.files ?? [])].map((file) => ({ path: file.name, file })));
  filesInput.value = '';
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void tryPicked();
});

// The whole page takes a drop: a folder dropped beside the box should not open in the tab instead.
document.addEventListener('dragover', (event) => {
  event.preventDefault();
  section.classList.add('tryout--dragging');
});
document.addEventListener('dragleave', (event) => {
  if (event.relatedTarget === null) section.classList.remove('tryout--dragging');
});
document.addEventListener('drop', (event) => {
  event.preventDefault();
  section.classList.remove('tryout--dragging');
  if (!event.dataTransfer) return;
  // The items can be read only during the event; their entries can be read after it.
  const entries = [...event.dataTransfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry());
  const files = [...event.dataTransfer.files];
  void dropped(entries, files);
});

async function dropped(entries: (FileSystemEntry | null)[], files: File[]): Promise<void> {
  // Text or a link dropped by mistake.
  if (entries.length === 0) return;
  const folders = entries.filter(isFolder);
  if (folders.length > 1 || (folders.length === 1 && entries.length > 1)) {
    return showRefusal('Bitte einen Ordner auf einmal hierher ziehen, oder nur Dateien.');
  }
  const [folder] = folders;
  if (folder) return pick(await readFolder(folder, ''), folder.name);
  // Where the browser gives no entries, the files alone.
  if (entries.some((entry) => entry === null)) return pick(files.map((file) => ({ path: file.name, file })));
  const loose = entries.filter(isFile);
  pick(await Promise.all(loose.map(async (entry) => ({ path: entry.name, file: await fileOf(entry) }))));
}

async function readFolder(folder: FileSystemDirectoryEntry, prefix: string): Promise<Picked[]> {
  const reader = folder.createReader();
  const entries: FileSystemEntry[] = [];
  // readEntries answers in batches (100 in Chromium) until it answers none.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) break;
    entries.push(...batch);
  }
  const nested = await Promise.all(
    entries.map(async (entry): Promise<Picked[]> => {
      const path = `${prefix}${entry.name}`;
      if (isFolder(entry)) return readFolder(entry, `${path}/`);
      if (isFile(entry)) return [{ path, file: await fileOf(entry) }];
      return [];
    }),
  );
  return nested.flat();
}

// Chromium exposes no FileSystemDirectoryEntry or FileSystemFileEntry to test with instanceof.
function isFolder(entry: FileSystemEntry | null): entry is FileSystemDirectoryEntry {
  return entry?.isDirectory === true;
}

function isFile(entry: FileSystemEntry | null): entry is FileSystemFileEntry {
  return entry?.isFile === true;
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Takes the folder's files, and its name when it has one, and tries them when the name is known. */
function pick(files: Picked[], folder?: string): void {
  // Hidden files (.DS_Store, an editor's swap file) are no part of a brand folder for the build either.
  picked = files.filter(({ path }) => !path.split('/').some((part) => part.startsWith('.')));
  if (folder) nameInput.value = folder;
  if (picked.length === 0) return showRefusal('Der Ordner enthält keine Dateien.');
  if (nameInput.value.trim() === '') {
    status.textContent = `${count(picked.length, 'Datei', 'Dateien')} gewählt. Gib den Namen des Ordners ein und wähle „Ausprobieren“.`;
    nameInput.focus();
    return;
  }
  void tryPicked();
}

async function tryPicked(): Promise<void> {
  const name = nameInput.value.trim();
  if (picked.length === 0) {
    status.textContent = 'Wähle zuerst einen Ordner oder seine Dateien.';
    folderInput.focus();
    return;
  }
  if (name === '') {
    status.textContent = 'Gib den Namen des Ordners ein.';
    nameInput.focus();
    return;
  }
  // A second try replaces the first: this page waits for the latest answer only.
  running?.abort();
  const controller = new AbortController();
  running = controller;
  const body = new FormData();
  body.set('name', name);
  for (const { path, file } of picked) body.append('file', file, path);

  status.textContent = `„${name}“ wird geprüft und gebaut …`;
  result.setAttribute('aria-busy', 'true');
  result.replaceChildren(
    paragraph(
      'tryout__busy',
      `„${name}“ wird geprüft und gebaut. Der Build baut die ganze App mit Vite; das dauert einige Sekunden.`,
    ),
  );
  result.hidden = false;
  try {
    const response = await fetch('/dev/tryout', { method: 'POST', body, signal: controller.signal });
    const answer: unknown = await response.json();
    if (controller.signal.aborted) return;
    if (!response.ok) return showRefusal(errorOf(answer));
    if (!isVerdict(answer)) return showRefusal('Der Server gab eine unerwartete Antwort.');
    showVerdict(answer);
  } catch {
    if (controller.signal.aborted) return;
    showRefusal('Der Server antwortet nicht. Läuft `npm start` noch?');
  } finally {
    if (running === controller) running = undefined;
  }
}

const HEADINGS: Record<TryoutVerdict['outcome'], string> = {
  builds: 'baut',
  refused: 'baut nicht',
  failed: 'Build fehlgeschlagen',
};

function showVerdict(verdict: TryoutVerdict): void {
  const { name, replaces, seconds } = verdict;
  const where = replaces
    ? `Er steht dabei an der Stelle von brands/${name}/, das bleibt, wie es ist.`
    : 'Eine Marke dieses Namens gibt es in brands/ nicht; dort ist nichts geschrieben.';
  const parts: Node[] = [heading(`„${name}“: ${HEADINGS[verdict.outcome]}`)];
  if (verdict.outcome === 'builds') {
    const { warnings } = verdict;
    parts.push(
      paragraph(
        undefined,
        `Der Build nimmt den Ordner an (geprüft und gebaut in ${seconds.toLocaleString('de-DE')} s). ${where}`,
      ),
      ...messageGroups('Hinweise', 'tryout__warnings', warnings),
      element('h4', {}, 'Vorschau aller Ansichten'),
      element('p', {}, link(verdict.previewUrl, 'Vorschau in einem eigenen Tab öffnen')),
      frame(verdict.previewUrl, `Vorschau aller Ansichten: ${name}`),
    );
    status.textContent = `„${name}“ baut${warnings.length > 0 ? `, mit ${count(total(warnings), 'Hinweis', 'Hinweisen')}` : ''}. Die Vorschau aller Ansichten steht unten.`;
  } else if (verdict.outcome === 'refused') {
    parts.push(
      paragraph(
        undefined,
        `Der Build nimmt den Ordner nicht an; so würde er ihn auch in brands/ ablehnen. ${where} Seine Meldungen, nach Dateien geordnet:`,
      ),
      ...messageGroups('Probleme', 'tryout__problems', verdict.problems),
    );
    status.textContent = `„${name}“ baut nicht: ${count(total(verdict.problems), 'Problem', 'Probleme')}.`;
  } else {
    parts.push(
      paragraph(undefined, 'Der Ordner ist in Ordnung, aber der Build ist fehlgeschlagen. Er meldet:'),
      element('pre', { lang: 'en' }, verdict.message),
    );
    status.textContent = `Der Build von „${name}“ ist fehlgeschlagen.`;
  }
  show(parts);
}

function showRefusal(message: string): void {
  status.textContent = `Nicht ausprobiert: ${message}`;
  show([heading('Nicht ausprobiert'), paragraph('tryout__refusal', message)]);
}

function show(parts: Node[]): void {
  result.replaceChildren(...parts);
  result.removeAttribute('aria-busy');
  result.hidden = false;
  result.querySelector<HTMLElement>('h3')?.focus();
}

/** The build's messages under a heading, a list per file; in English, as the build writes them. */
function messageGroups(title: string, className: string, groups: FileMessages[]): Node[] {
  if (groups.length === 0) return [];
  return [
    element('h4', {}, title),
    element(
      'div',
      { class: className },
      ...groups.flatMap(({ file, messages }) => [
        element('h5', {}, file === null ? 'Der Ordner' : element('code', {}, file)),
        element('ul', { lang: 'en' }, ...messages.map((message) => element('li', {}, message))),
      ]),
    ),
  ];
}

function heading(text: string): HTMLElement {
  return element('h3', { tabindex: '-1' }, text);
}

function paragraph(className: string | undefined, text: string): HTMLElement {
  return element('p', className ? { class: className } : {}, text);
}

function link(href: string, text: string): HTMLElement {
  return element('a', { href }, text);
}

function frame(src: string, title: string): HTMLElement {
  return element('iframe', { class: 'tryout__preview', src, title });
}

/** Markup by the DOM alone: the gallery's policy allows no HTML from strings (Trusted Types). */
function element(
  tag: string,
  attributes: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function total(groups: FileMessages[]): number {
  return groups.reduce((sum, group) => sum + group.messages.length, 0);
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function errorOf(answer: unknown): string {
  const error = typeof answer === 'object' && answer !== null && 'error' in answer ? answer.error : undefined;
  return typeof error === 'string' ? error : 'Der Server lehnte die Dateien ab.';
}

/** The server's answer, as far as this page relies on it. */
function isVerdict(answer: unknown): answer is TryoutVerdict {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    'outcome' in answer &&
    typeof answer.outcome === 'string' &&
    Object.hasOwn(HEADINGS, answer.outcome) &&
    'name' in answer &&
    typeof answer.name === 'string'
  );
}

function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`the gallery has no #${id}`);
  return found;
}
