/**
 * A child process that grades hosts with Mozilla's HTTP Observatory (the devDependency
 * @mdn/mdn-http-observatory), started by observatory.ts, normally with the test CA in
 * NODE_EXTRA_CA_CERTS, so the Observatory's own TLS check trusts the gateway's certificates as it
 * would trust a public CA's. It runs apart from the test worker because that variable is only
 * read when a process starts, and because it re-points DNS for the brand domains.
 *
 * Messages: { id, hostname, httpPort, httpsPort } in, { id, grade } or { id, error } out.
 */
import { createHash } from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js';
import {
  getGradeForScore,
  getScoreDescription,
  getScoreModifier,
} from '@mdn/mdn-http-observatory/src/grader/grader.js';
import { retrieve } from '@mdn/mdn-http-observatory/src/retriever/retriever.js';
import { ALGORITHM_VERSION, ALL_TESTS, NUM_TESTS } from '@mdn/mdn-http-observatory/src/constants.js';
import type { ObservatoryGrade, ObservatoryRequest, ObservatoryTest } from './observatory-types.ts';

const packageDir = path.dirname(
  createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'),
);

// The brand domains are names of this machine here, for axios → http/https → net → dns.lookup.
const loopbackHosts = new Set<string>(JSON.parse(process.env.OBSERVATORY_LOOPBACK_HOSTS ?? '[]') as string[]);
const systemLookup = dns.lookup;
dns.lookup = function lookup(hostname: string, ...rest: unknown[]) {
  const callback = rest.at(-1) as (...answer: unknown[]) => void;
  const options = rest.length > 1 ? rest[0] : {};
  if (!loopbackHosts.has(hostname.toLowerCase())) {
    return (systemLookup as (...args: unknown[]) => void)(hostname, ...rest);
  }
  const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
  if (all) process.nextTick(callback, null, [{ address: '127.0.0.1', family: 4 }]);
  else process.nextTick(callback, null, '127.0.0.1', 4);
} as typeof dns.lookup;

// The package reads Chromium's HSTS preload list from conf/hsts-preload.json, which only its
// postinstall script downloads (.npmrc has ignore-scripts=true). The list only ever raises the
// grade of a preloaded host; no .example name is on it, so an empty list is what it would say.
const hstsList = path.join(packageDir, 'conf', 'hsts-preload.json');
if (!fs.existsSync(hstsList)) {
  const readFileSync = fs.readFileSync;
  fs.readFileSync = function (file: fs.PathOrFileDescriptor, ...rest: unknown[]) {
    if (file === hstsList) return '{}';
    return (readFileSync as (...args: unknown[]) => unknown)(file, ...rest);
  } as typeof fs.readFileSync;
}

/**
 * The package's scan() of 1.4.8 drops its options (it calls `retrieve(hostname)`), so it can only
 * grade ports 80 and 443. This is that function line for line with `retrieve(hostname, options)`;
 * the retrieval, every test and the grading are the package's own. A release that passes its
 * options through, or any other change to scan(), fails here: compare the two, then use the
 * package's scan() if it now takes the ports.
 */
const REPLICATED_SCAN_SHA256 = 'abb651ddd2db99497b708227df52f876d25469e0c1db55328e85139fcf00676e';
const scanSource = fs.readFileSync(path.join(packageDir, 'src', 'scanner', 'index.js'), 'utf8');
if (createHash('sha256').update(scanSource).digest('hex') !== REPLICATED_SCAN_SHA256) {
  throw new Error(
    `${path.join(packageDir, 'src', 'scanner', 'index.js')} is not the scan() observatory-scan.ts replicates: compare the two.`,
  );
}

interface Options {
  httpPort: number;
  httpsPort: number;
}

async function scanWithPorts(hostname: string, options: Options) {
  const r = await retrieve(hostname, options);
  if (!r.responses.auto) throw new Error('The site seems to be down.');
  const { status } = r.responses.auto;
  if (status < 200 || (status >= 400 && ![401, 403].includes(status))) {
    throw new Error(`Site did respond with an unexpected HTTP status code ${status}.`);
  }
  const results = ALL_TESTS.map((test) => test(r));
  let testsPassed = 0;
  let scoreWithExtraCredit = 100;
  let uncurvedScore = scoreWithExtraCredit;
  for (const result of results) {
    if (result.result) {
      result.scoreDescription = getScoreDescription(result.result);
      result.scoreModifier = getScoreModifier(result.result);
      testsPassed += result.pass ? 1 : 0;
      scoreWithExtraCredit += result.scoreModifier;
      if (result.scoreModifier < 0) uncurvedScore += result.scoreModifier;
    }
  }
  const score = uncurvedScore >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? scoreWithExtraCredit : uncurvedScore;
  const final = getGradeForScore(score);
  const tests = Object.fromEntries(results.map((result) => [result.constructor.name, result]));
  return {
    scan: {
      algorithmVersion: ALGORITHM_VERSION,
      grade: final.grade,
      score: final.score,
      statusCode: status,
      testsFailed: NUM_TESTS - testsPassed,
      testsPassed,
      testsQuantity: NUM_TESTS,
      responseHeaders: { ...r.responses.auto.headers },
    },
    tests,
    // Whether the certificate check passed, or the retriever fell back to an unverified retry.
    verified: { http: r.responses.http?.verified ?? null, https: r.responses.https?.verified ?? null },
    finalUrl: r.session?.redirectHistory.at(-1)?.url.href ?? r.session?.url.href ?? null,
  };
}

async function grade({ hostname, httpPort, httpsPort }: ObservatoryRequest): Promise<ObservatoryGrade> {
  const result = await scanWithPorts(hostname, { httpPort, httpsPort });
  const tests: Record<string, ObservatoryTest> = {};
  for (const [name, test] of Object.entries(result.tests)) {
    tests[name] = {
      pass: Boolean(test.pass),
      result: String(test.result),
      scoreModifier: test.scoreModifier ?? 0,
      // The package's descriptions are HTML for its website.
      scoreDescription: (test.scoreDescription ?? '')
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    };
  }
  return {
    hostname,
    grade: result.scan.grade,
    score: result.scan.score,
    algorithmVersion: result.scan.algorithmVersion,
    statusCode: result.scan.statusCode,
    testsPassed: result.scan.testsPassed,
    testsFailed: result.scan.testsFailed,
    testsQuantity: result.scan.testsQuantity,
    verified: result.verified,
    finalUrl: result.finalUrl,
    tests,
  };
}

process.on('message', (message: ObservatoryRequest & { id: number }) => {
  grade(message).then(
    (result) => process.send?.({ id: message.id, grade: result }),
    (error: unknown) =>
      process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
