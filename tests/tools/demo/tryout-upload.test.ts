import { describe, expect, test } from 'vitest';
import { HttpError } from '../../../tools/demo/http-utils.ts';
import { checkTryoutOrigin, parseTryoutForm, TRYOUT_LIMITS } from '../../../tools/demo/tryout-upload.ts';

const GALLERY = ['http://localhost:8080', 'http://127.0.0.1:8080'];

/** The form the gallery's page sends: the folder's name and its files. */
function folderForm(
  name: string | undefined,
  files: Record<string, string | Uint8Array<ArrayBuffer>>,
): FormData {
  const form = new FormData();
  if (name !== undefined) form.set('name', name);
  for (const [file, content] of Object.entries(files)) form.append('file', new Blob([content]), file);
  return form;
}

async function refusal(form: FormData): Promise<HttpError> {
  const error: unknown = await parseTryoutForm(form).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpError)) throw new Error('the form was taken');
  return error;
}

describe('only the gallery’s own page may post a folder', () => {
  test.each([
    ['the gallery', { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' }],
    ['the gallery by address', { origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'same-origin' }],
    ['the gallery, from a browser without Sec-Fetch-Site', { origin: 'http://localhost:8080' }],
  ])('takes a post from %s', (_, headers) => {
    expect(() => checkTryoutOrigin(headers, GALLERY)).not.toThrow();
  });

  test.each([
    ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    // Same site by the browser's rules, as every *.localhost is: a brand page is not the gallery.
    ['a brand page', { origin: 'http://a-dok.localhost:8080', 'sec-fetch-site': 'same-site' }],
    ['another port', { origin: 'http://localhost:8081', 'sec-fetch-site': 'same-site' }],
    ['a sandboxed frame', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['no origin at all', {}],
    [
      'the gallery’s name with a cross-site fetch',
      { origin: 'http://localhost:8080', 'sec-fetch-site': 'cross-site' },
    ],
    [
      'the gallery’s name, but not by the gallery',
      { origin: 'http://localhost:8080', 'sec-fetch-site': 'none' },
    ],
  ])('refuses a post from %s with 403', (_, headers) => {
    expect(() => checkTryoutOrigin(headers, GALLERY)).toThrow(
      expect.objectContaining({ status: 403, message: expect.stringContaining('http://localhost:8080/') }),
    );
  });
});

describe('a folder’s form', () => {
  test('gives the name and each file by its name, with its bytes', async () => {
    const upload = await parseTryoutForm(
      folderForm(' neu-marke ', { 'brand.json': '{}', 'logo.svg': '<svg/>' }),
    );
    expect(upload.name).toBe('neu-marke');
    expect(upload.files.map(({ name, bytes }) => [name, bytes.toString()])).toEqual([
      ['brand.json', '{}'],
      ['logo.svg', '<svg/>'],
    ]);
  });

  test('takes a name the build will refuse, for the build to say why', async () => {
    const upload = await parseTryoutForm(folderForm('Meine Marke', { 'Logo final.png': 'png' }));
    expect(upload.name).toBe('Meine Marke');
    expect(upload.files[0]?.name).toBe('Logo final.png');
  });

  test.each([
    ['a parent folder', '../x'],
    ['a subfolder', 'a/b.svg'],
    ['a path from the root', '/etc/passwd'],
    ['a Windows path', '..\\x.svg'],
    ['the parent itself', '..'],
    ['a hidden file, which the build would skip', '.brand.json'],
    ['a control character', 'logo\u0007.svg'],
    ['a name longer than any file system takes', `${'x'.repeat(101)}.svg`],
  ])('refuses a file name with %s (%j) with 400', async (_, name) => {
    const error = await refusal(folderForm('neu-marke', { 'brand.json': '{}', [name]: '<svg/>' }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^Datei „.*“: /s);
  });

  test.each([
    ['a parent folder', '../brands'],
    ['a subfolder', 'a/b'],
    ['the parent itself', '..'],
    ['a hidden folder, which the build would skip', '.git'],
    ['no name', '  '],
  ])('refuses a folder name with %s (%j) with 400', async (_, name) => {
    expect((await refusal(folderForm(name, { 'brand.json': '{}' }))).status).toBe(400);
  });

  test('refuses a form without a name', async () => {
    expect((await refusal(folderForm(undefined, { 'brand.json': '{}' }))).message).toBe(
      'Der Name des Ordners fehlt.',
    );
  });

  test('refuses a file larger than the build reads with 413, naming it', async () => {
    const big = new Uint8Array(TRYOUT_LIMITS.fileBytes + 1);
    const error = await refusal(folderForm('neu-marke', { 'brand.json': '{}', 'logo.svg': big }));
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      'Datei „logo.svg“: ist größer als 2 MB; so große Dateien liest der Build nicht.',
    );
  });

  test('takes a file of exactly the largest size', async () => {
    const upload = await parseTryoutForm(
      folderForm('neu-marke', { 'logo.svg': new Uint8Array(TRYOUT_LIMITS.fileBytes) }),
    );
    expect(upload.files[0]?.bytes.length).toBe(TRYOUT_LIMITS.fileBytes);
  });

  test.each([
    ['more than a handful of files', TRYOUT_LIMITS.files + 1, /^Zu viele Dateien \(9\)/],
    ['no file', 0, /^Der Ordner enthält keine Dateien\.$/],
  ])('refuses %s with 400', async (_, count, message) => {
    const files = Object.fromEntries(
      Array.from({ length: count }, (__, index) => [`file-${index}.svg`, '<svg/>']),
    );
    const error = await refusal(folderForm('neu-marke', files));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
  });

  test('refuses a file sent twice', async () => {
    const form = folderForm('neu-marke', { 'logo.svg': '<svg/>' });
    form.append('file', new Blob(['<svg/>']), 'logo.svg');
    expect((await refusal(form)).message).toBe('Datei „logo.svg“: kommt zweimal vor.');
  });
});
