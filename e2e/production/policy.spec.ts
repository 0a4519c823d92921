import { brands, expect, test } from './support/fixtures.ts';
import { REPORTING_ENDPOINT } from './support/gateway.ts';

/**
 * The release policy as Chromium applies it from nginx's header. reCAPTCHA's scripts are allowed
 * by exact file (csp.ts): the loaders Firebase inserts and gstatic's release files run, no other
 * file of Google's reCAPTCHA folders does, the known gadget among them. Nothing leaves the
 * machine: an allowed script gets an empty answer here, after the policy let it through.
 */
const RUNS = [
  'https://www.google.com/recaptcha/api.js?onload=cb&render=explicit&hl=de',
  'https://www.google.com/recaptcha/enterprise.js?render=KEY&onload=cb',
  'https://www.gstatic.com/recaptcha/releases/hbAq-YhJxOnlU/recaptcha__de.js',
];
const REFUSED = [
  // An AngularJS page script that runs templates it finds in the page's markup.
  'https://www.google.com/recaptcha/about/js/main.min.js',
  'https://www.google.com/recaptcha/api2/anchor',
  'https://www.gstatic.com/recaptcha/api2/v1/styles.js',
];
/** What Trusted Types, only reported in a release (decision 017), says of a script URL set by script. */
const TRUSTED_TYPES_REPORT = /require-trusted-types-for blocked trusted-types-sink/;

test('the page runs reCAPTCHA’s loaders and release files and refuses every other script of its folders', async ({
  page,
  gateway,
  policyViolations,
}) => {
  const [brand] = brands;
  if (!brand) throw new Error('no brand');
  await page.route(/^https:\/\/www\.(google|gstatic)\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  const response = await page.goto(`${gateway.httpsOrigin(brand)}/?service=${brand.service}`);
  // The gateway's settings name a collector: the enforced policy reports to it too.
  expect(await response?.headerValue('content-security-policy')).toMatch(/; report-to login-gateway-csp$/);
  expect(await response?.headerValue('reporting-endpoints')).toBe(
    `login-gateway-csp="${REPORTING_ENDPOINT}"`,
  );

  const outcomes = await page.evaluate(
    (urls) =>
      Promise.all(
        urls.map(
          (url) =>
            new Promise<string>((resolve) => {
              const script = document.createElement('script');
              script.onload = () => resolve('ran');
              script.onerror = () => resolve('refused');
              script.src = url;
              document.head.append(script);
            }),
        ),
      ),
    [...RUNS, ...REFUSED],
  );
  expect(outcomes).toEqual([...RUNS.map(() => 'ran'), ...REFUSED.map(() => 'refused')]);

  // Each refusal comes twice, as events and console lines: by the <meta> policy and the header's.
  const blocked = () =>
    [...new Set(policyViolations.map((line) => /script-src-elem blocked (\S+) /.exec(line)?.[1]))]
      .filter((url) => url !== undefined)
      .sort();
  await expect.poll(blocked).toEqual([...REFUSED].sort());
  const provoked = (line: string) =>
    TRUSTED_TYPES_REPORT.test(line) ||
    REFUSED.some(
      (url) => line.includes(`'${url}' violates`) || line.includes(`script-src-elem blocked ${url} `),
    );
  expect(policyViolations.filter((line) => !provoked(line))).toEqual([]);
  // These are what the test provokes; Trusted Types reports each script URL set by script while
  // the page has no policy of its own yet.
  policyViolations.splice(0, policyViolations.length);
});
