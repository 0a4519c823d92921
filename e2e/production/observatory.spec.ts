import { domainOf } from './support/gateway.ts';
import { brands, expect, nodeTest as test } from './support/fixtures.ts';
import { failedTests, recordGrade, startObservatory, summaryLine } from './support/observatory.ts';

/**
 * Mozilla's HTTP Observatory grades every brand's domain on this nginx, with the package's public
 * scan() (support/observatory-scan.ts), through a proxy to the gateway's ports, and a certificate
 * it trusts. Each grade goes into test-results/e2e/observatory/ (observatory.json, observatory.md)
 * and onto one line of the output.
 */
for (const brand of brands) {
  const { service } = brand;
  const hostname = domainOf(brand);

  test(`${service}: Mozilla's HTTP Observatory grades ${hostname} A+`, async ({
    gateway,
    observatory,
  }, testInfo) => {
    const grade = await observatory.grade(hostname);
    await recordGrade(testInfo.project.outputDir, { service, grade });
    console.log(summaryLine({ service, grade }));
    testInfo.annotations.push({ type: 'observatory', description: `${grade.grade} (${grade.score})` });

    // Graded on a verified certificate, not the retriever's unverified retry, and from http to https.
    expect(grade.tests['strict-transport-security']?.result).not.toBe('hsts-invalid-cert');
    expect(grade.tests['redirection']?.result).toBe('redirection-to-https');
    expect(grade.redirectedTo).toBe(`https://${hostname}:${gateway.httpsPort}/`);
    expect(grade.grade, failedTests(grade).join('\n')).toBe('A+');
  });
}

// The grades above count because the grader checked the certificate chain. Without the test CA
// it retries unverified, as it would for any site, and then grades HSTS and the redirect down.
test('without the test CA the Observatory retries unverified and marks HSTS and the redirect', async ({
  gateway,
}) => {
  const [brand] = brands;
  if (!brand) throw new Error('no brand');
  const untrusting = await startObservatory({
    hosts: brand.domains,
    httpPort: gateway.httpPort,
    httpsPort: gateway.httpsPort,
  });
  try {
    const grade = await untrusting.grade(domainOf(brand));
    expect(grade.tests['strict-transport-security']?.result).toBe('hsts-invalid-cert');
    expect(grade.tests['redirection']?.result).toBe('redirection-invalid-cert');
    expect(grade.grade).not.toBe('A+');
  } finally {
    await untrusting.stop();
  }
});
