/**
 * Grades hosts with the public scan() of Mozilla's HTTP Observatory (the devDependency
 * @mdn/mdn-http-observatory): a host name per line in, its grade (or the scan's error) as a line of
 * JSON out. observatory.ts runs it as a child process, because what makes the scan reach the
 * gateway is process settings: the test CA in NODE_EXTRA_CA_CERTS, read only at start, and
 * observatory-proxy.ts in `http_proxy` and `https_proxy`.
 */
import { scan, type ScanResult } from '@mdn/mdn-http-observatory';
import { createInterface } from 'node:readline';
import type { ObservatoryAnswer, ObservatoryGrade, ObservatoryTest } from './observatory-types.ts';

for await (const hostname of createInterface({ input: process.stdin })) {
  const answer: ObservatoryAnswer = await scan(hostname).then(
    (result) => ({ grade: gradeOf(hostname, result) }),
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
// No more hosts: the scanner's keep-alive connections would hold the process until nginx closes them.
process.exit(0);

function gradeOf(hostname: string, { scan: verdict, tests }: ScanResult): ObservatoryGrade {
  return {
    hostname,
    grade: verdict.grade ?? '',
    score: verdict.score ?? 0,
    algorithmVersion: verdict.algorithmVersion,
    statusCode: verdict.statusCode ?? 0,
    testsPassed: verdict.testsPassed,
    testsFailed: verdict.testsFailed,
    testsQuantity: verdict.testsQuantity,
    redirectedTo: tests['redirection']?.destination ?? null,
    tests: Object.fromEntries(
      Object.entries(tests).map(([name, test]): [string, ObservatoryTest] => [
        name,
        {
          pass: Boolean(test.pass),
          result: String(test.result),
          scoreModifier: test.scoreModifier ?? 0,
          // The package's descriptions are HTML for its website.
          scoreDescription: (test.scoreDescription ?? '')
            .replace(/<[^>]*>/g, '')
            .replace(/\s+/g, ' ')
            .trim(),
        },
      ]),
    ),
  };
}
