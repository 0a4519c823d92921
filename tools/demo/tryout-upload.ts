import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { SIZE_LIMITS } from '../../scripts/lib/load-brands.ts';
import { HttpError } from './http-utils.ts';

/** A brand folder the gallery sent to be tried: its name and its files. */
export interface TryoutUpload {
  name: string;
  files: TryoutFile[];
}

export interface TryoutFile {
  name: string;
  bytes: Buffer;
}

/**
 * A brand folder holds four files. A few more may come, so that the build names an unexpected
 * file as it would in brands/; a file larger than the build reads is refused here already.
 */
export const TRYOUT_LIMITS = { files: 8, fileBytes: SIZE_LIMITS.unread };
/** The files at their largest, and room for the form's own lines. */
const MAX_BODY_BYTES = TRYOUT_LIMITS.files * TRYOUT_LIMITS.fileBytes + 64 * 1024;
const MAX_NAME_LENGTH = 100;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('de-DE')} MB`;

/**
 * Refuses a post that did not come from the gallery's own page. It writes and builds, so a page
 * of another site must not send one: browsers name the page's origin in every POST, and say
 * whether it is the same origin (Sec-Fetch-Site, where they send it).
 */
export function checkTryoutOrigin(headers: IncomingHttpHeaders, galleryOrigins: readonly string[]): void {
  const site = headers['sec-fetch-site'];
  if (!galleryOrigins.includes(headers.origin ?? '') || (site !== undefined && site !== 'same-origin')) {
    throw new HttpError(
      403,
      `Ordner lassen sich nur auf der Markenübersicht selbst ausprobieren (${galleryOrigins[0] ?? ''}/).`,
    );
  }
}

/** Reads the gallery's multipart form: the field `name` and one `file` per file of the folder. */
export async function readTryoutUpload(request: IncomingMessage): Promise<TryoutUpload> {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError(415, 'Erwartet werden die Dateien eines Ordners als multipart/form-data.');
  }
  const body = await readBody(request);
  // undici's parser, which Node's fetch uses for FormData too.
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } })
    .formData()
    .catch(() => {
      throw new HttpError(400, 'Die Dateien kamen unvollständig an; bitte noch einmal versuchen.');
    });
  return parseTryoutForm(form);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const tooBig = new HttpError(
    413,
    `Zu viele Daten: erwartet werden höchstens ${TRYOUT_LIMITS.files} Dateien zu je höchstens ${megabytes(TRYOUT_LIMITS.fileBytes)}.`,
  );
  if (Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooBig;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw tooBig;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The folder's name and files, each name one plain entry of a folder and each file small enough. */
export async function parseTryoutForm(form: FormData): Promise<TryoutUpload> {
  const name = form.get('name');
  if (typeof name !== 'string' || name.trim() === '') {
    throw new HttpError(400, 'Der Name des Ordners fehlt.');
  }
  const folderProblem = entryNameProblem(name.trim());
  if (folderProblem) throw new HttpError(400, `Ordnername „${name}“: ${folderProblem}`);

  const files = form.getAll('file');
  if (files.length === 0) throw new HttpError(400, 'Der Ordner enthält keine Dateien.');
  if (files.length > TRYOUT_LIMITS.files) {
    throw new HttpError(
      400,
      `Zu viele Dateien (${files.length}): ein Markenordner enthält brand.json, logo.svg, logo-dark.svg und icon.svg; hier gehen höchstens ${TRYOUT_LIMITS.files}.`,
    );
  }
  const read: TryoutFile[] = [];
  for (const file of files) {
    if (typeof file === 'string') throw new HttpError(400, 'Jede Datei muss als Datei kommen.');
    const problem = entryNameProblem(file.name);
    if (problem) throw new HttpError(400, `Datei „${file.name}“: ${problem}`);
    if (read.some((other) => other.name === file.name)) {
      throw new HttpError(400, `Datei „${file.name}“: kommt zweimal vor.`);
    }
    if (file.size > TRYOUT_LIMITS.fileBytes) {
      throw new HttpError(
        413,
        `Datei „${file.name}“: ist größer als ${megabytes(TRYOUT_LIMITS.fileBytes)}; so große Dateien liest der Build nicht.`,
      );
    }
    read.push({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) });
  }
  return { name: name.trim(), files: read };
}

/**
 * Why `name` cannot be one entry of a folder: it would reach outside it (`..`, a slash), hide
 * from the build (a leading dot, which loadBrands skips) or is no file name at all. Whether it
 * is a good service key is the build's to say, in its own words.
 */
function entryNameProblem(name: string): string | undefined {
  if (name === '') return 'hat keinen Namen.';
  if (/[/\\]/.test(name)) return 'ein Markenordner enthält nur Dateien, keine Unterordner.';
  if (name.startsWith('.')) return 'Namen mit einem Punkt am Anfang übergeht der Build.';
  // Control characters, NUL among them, which no file system takes in a name.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'enthält Steuerzeichen.';
  if (name.length > MAX_NAME_LENGTH) return `ist länger als ${MAX_NAME_LENGTH} Zeichen.`;
  return undefined;
}
