/**
 * What a file really is, from its first bytes, for the message a brand manager gets when a
 * renamed file lands in a brand folder ("this is a PNG image, not an SVG drawing"). Only the
 * formats a design tool or a browser download plausibly produces.
 */
const SIGNATURES: { name: string; matches: (head: Buffer) => boolean }[] = [
  { name: 'a PNG image', matches: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47]) },
  { name: 'a JPEG image', matches: (head) => startsWith(head, [0xff, 0xd8, 0xff]) },
  { name: 'a GIF image', matches: (head) => head.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    name: 'a WebP image',
    matches: (head) =>
      head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  {
    name: 'an AVIF or HEIC image',
    matches: (head) => head.subarray(4, 8).toString('latin1') === 'ftyp',
  },
  { name: 'a Windows icon (.ico)', matches: (head) => startsWith(head, [0x00, 0x00, 0x01, 0x00]) },
  { name: 'a BMP image', matches: (head) => head.subarray(0, 2).toString('latin1') === 'BM' },
  {
    name: 'a TIFF image',
    matches: (head) =>
      startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]),
  },
  // Illustrator's .ai files are PDFs too.
  {
    name: 'a PDF document (or an Illustrator file)',
    matches: (head) => head.subarray(0, 5).toString('latin1') === '%PDF-',
  },
  { name: 'a PostScript (EPS) file', matches: (head) => head.subarray(0, 4).toString('latin1') === '%!PS' },
  {
    name: 'a ZIP archive (or a Sketch or Office file)',
    matches: (head) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]),
  },
  { name: 'a gzip-compressed file (an .svgz?)', matches: (head) => startsWith(head, [0x1f, 0x8b]) },
  {
    name: 'a web page (HTML), perhaps saved from a browser',
    matches: (head) => /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>])/i.test(head.toString('utf8')),
  },
];

/** Bytes enough for every signature above and a DOCTYPE line. */
export const SNIFF_BYTES = 512;

/** The kind of file the bytes start like, in words ("a PNG image"), or undefined for text. */
export function sniffFileType(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, SNIFF_BYTES);
  const known = SIGNATURES.find((signature) => signature.matches(head));
  if (known) return known.name;
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return 'UTF-16 text';
  if (head.includes(0)) return 'a binary file';
  return undefined;
}

/** The text of a file meant to be UTF-8, or undefined when it is not valid UTF-8. */
export function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    // A UTF-8 byte order mark is harmless; TextDecoder drops it.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function startsWith(head: Buffer, signature: number[]): boolean {
  return signature.every((byte, index) => head[index] === byte);
}
