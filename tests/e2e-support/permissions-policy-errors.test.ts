import { expect, test } from 'vitest';
import {
  permissionsPolicyErrors,
  unknownFeaturesMessage,
} from '../../e2e/support/permissions-policy-errors.ts';

test('reads the features a browser does not know from its console, and keeps other policy errors apart', () => {
  const errors = permissionsPolicyErrors([
    "error: Error with Permissions-Policy header: Unrecognized feature: 'attribution-reporting'.",
    'log: Bitte warten...',
    "error: Error with Permissions-Policy header: Unrecognized feature: 'run-ad-auction'.",
    'error: Error with Permissions-Policy header: Parse of permissions policy failed because of errors reported by structured header parser.',
  ]);
  expect(errors.unknownFeatures).toEqual(['attribution-reporting', 'run-ad-auction']);
  expect(errors.others).toEqual([
    'error: Error with Permissions-Policy header: Parse of permissions policy failed because of errors reported by structured header parser.',
  ]);
  expect(permissionsPolicyErrors(['log: nothing about it'])).toEqual({ unknownFeatures: [], others: [] });
});

test('the failure names the features, the browser version and the fix', () => {
  const message = unknownFeaturesMessage(['shared-storage'], '156.0.8078.108');
  expect(message).toMatch(
    /^Chromium 156\.0\.8078\.108 does not know the Permissions-Policy feature\(s\) 'shared-storage'/,
  );
  expect(message).toContain('scripts/lib/permissions-policy.ts');
  expect(message).toContain('npm install -D -E @mdn/browser-compat-data@latest');
  expect(message).toContain('tests/scripts/lib/permissions-policy.test.ts');
});
