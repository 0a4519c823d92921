/**
 * What a browser said about the page's Permissions-Policy header, from its console. Chromium logs
 * "Error with Permissions-Policy header: Unrecognized feature: 'x'." for each name it does not
 * know, which is what a new browser release that retires a feature looks like.
 */
export function permissionsPolicyErrors(consoleMessages: readonly string[]): {
  unknownFeatures: string[];
  others: string[];
} {
  const about = consoleMessages.filter((line) => /permissions[- ]policy/i.test(line));
  const unknownFeatures = about.flatMap((line) => {
    const feature = /Unrecognized feature: '([^']+)'/.exec(line)?.[1];
    return feature === undefined ? [] : [feature];
  });
  return { unknownFeatures, others: about.filter((line) => !/Unrecognized feature/.test(line)) };
}

/** The failure message for features a browser does not know: which, where, and the fix. */
export function unknownFeaturesMessage(features: readonly string[], browserVersion: string): string {
  return [
    `Chromium ${browserVersion} does not know the Permissions-Policy feature(s) ${features.map((f) => `'${f}'`).join(', ')}`,
    'that scripts/lib/permissions-policy.ts turns off, and logs an error for each on every page.',
    'Fix: update the compat data (npm install -D -E @mdn/browser-compat-data@latest) and run',
    '`npx vitest run tests/scripts/lib/permissions-policy.test.ts`, which names what to stop naming;',
    "if the data still says this browser knows it, set the feature to state 'default' with the reason",
    '(docs/deploy.md#permissions-policy).',
  ].join('\n');
}
