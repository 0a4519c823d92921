import { execFile } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ServedBrand } from '../../../scripts/lib/nginx-config.ts';

const run = promisify(execFile);

export interface TestCertificates {
  /** The throwaway CA's certificate (PEM), which signed every brand's certificate. */
  caFile: string;
  caPem: string;
  /** base64(SHA-256(SubjectPublicKeyInfo)) of the key all brand certificates share, for Chromium. */
  spkiHash: string;
}

/**
 * A throwaway CA and one certificate per brand, with every domain of the brand as a SAN, laid
 * out as nginx-config.ts expects: `<dir>/<first domain>/{fullchain,privkey}.pem`. One P-256 key
 * serves every brand, so the whole set costs two key generations and one signature per brand.
 */
export async function makeTestCertificates(
  dir: string,
  brands: readonly ServedBrand[],
): Promise<TestCertificates> {
  const ca = path.join(dir, 'test-ca');
  await mkdir(ca, { recursive: true });
  const caFile = path.join(ca, 'ca.pem');
  const caKey = path.join(ca, 'ca.key');
  const leafKey = path.join(ca, 'leaf.key');
  const leafCsr = path.join(ca, 'leaf.csr');
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  await Promise.all([
    openssl(
      'req',
      '-x509',
      ...ecKey,
      '-keyout',
      caKey,
      '-out',
      caFile,
      '-days',
      '2',
      '-subj',
      '/CN=Login gateway throwaway test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ),
    openssl('req', '-new', ...ecKey, '-keyout', leafKey, '-out', leafCsr, '-subj', '/CN=login-gateway'),
  ]);
  const key = await readFile(leafKey, 'utf8');
  await Promise.all(
    brands.map(async (brand, index) => {
      const [first] = brand.domains;
      if (first === undefined) throw new Error(`brand ${brand.service} has no domain`);
      const brandDir = path.join(dir, first);
      await mkdir(brandDir, { recursive: true });
      const extensions = path.join(brandDir, 'extensions.cnf');
      await writeFile(
        extensions,
        [
          `subjectAltName=${brand.domains.map((domain) => `DNS:${domain}`).join(',')}`,
          'basicConstraints=critical,CA:FALSE',
          'keyUsage=critical,digitalSignature',
          'extendedKeyUsage=serverAuth',
        ].join('\n'),
      );
      await openssl(
        'x509',
        '-req',
        '-in',
        leafCsr,
        '-CA',
        caFile,
        '-CAkey',
        caKey,
        '-set_serial',
        String(index + 1),
        '-days',
        '2',
        '-extfile',
        extensions,
        '-out',
        path.join(brandDir, 'fullchain.pem'),
      );
      await writeFile(path.join(brandDir, 'privkey.pem'), key, { mode: 0o600 });
    }),
  );
  const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return {
    caFile,
    caPem: await readFile(caFile, 'utf8'),
    spkiHash: createHash('sha256').update(spki).digest('base64'),
  };
}

async function openssl(...args: string[]): Promise<void> {
  try {
    await run('openssl', args);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`openssl ${args[0]} failed: ${stderr || String(error)}`, { cause: error });
  }
}
