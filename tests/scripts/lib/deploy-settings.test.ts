import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadDeploySettings, parseDeploySettings } from '../../../scripts/lib/deploy-settings.ts';
import { projectRoot } from '../../../scripts/vite/app-config.ts';
import { makeTempDir } from '../brand-fixtures.ts';

const committedFile = path.join(projectRoot, 'deploy.config.json');
const committed = JSON.parse(await readFile(committedFile, 'utf8')) as Record<
  string,
  Record<string, unknown>
>;

/** The committed settings with one section's fields replaced. */
function changed(section: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ ...committed, [section]: { ...committed[section], ...fields } });
}

describe('deploy.config.json', () => {
  test('as committed, holds production settings and no PayPal live id', async () => {
    const { settings } = await loadDeploySettings(committedFile, {});
    expect(settings.paypal).toEqual({ clientIdLive: null, clientIdSandbox: 'sb' });
    expect(settings.nginx.assetRetentionDays).toBeGreaterThanOrEqual(7);
    expect(settings.nginx.httpsListen).toEqual(['443', '[::]:443']);
  });

  test('names each wrong field, where it is and what it takes', () => {
    const wrong = changed('nginx', {
      backend: '127.0.0.1:8081; include /etc/passwd',
      httpsListen: ['443 ssl'],
      assetRetentionDays: 1,
      webroot: '/srv',
    });
    expect(() => parseDeploySettings(wrong, 'deploy.config.json')).toThrow(
      [
        'deploy.config.json:',
        '  nginx.backend: use letters, digits and _ . / : [ ] - only (it goes into the nginx config)',
        '  nginx.httpsListen.0: a port ("443"), an address and port ("127.0.0.1:8443") or "[::]:443"',
        '  nginx.assetRetentionDays: keep assets at least 7 days: a page stays open that long',
        '  nginx: unknown setting "webroot"',
      ].join('\n'),
    );
  });

  test('takes an https report collector or none', () => {
    expect(
      parseDeploySettings(changed('nginx', { reportingEndpoint: 'https://r.example/csp' }), 'f').nginx
        .reportingEndpoint,
    ).toBe('https://r.example/csp');
    expect(() =>
      parseDeploySettings(changed('nginx', { reportingEndpoint: 'http://r.example/csp' }), 'f'),
    ).toThrow('nginx.reportingEndpoint: an https URL of a report collector, or null');
    expect(() =>
      parseDeploySettings(changed('firebase', { reportingEndpoint: 'https://r.example/"x"' }), 'f'),
    ).toThrow('firebase.reportingEndpoint: no quotes, `$`, spaces or backslashes (it goes into a header)');
  });

  test('keeps the nginx config out of the web root a deploy rewrites', () => {
    const inside = changed('nginx', { configFile: '/var/www/login-gateway/login-gateway.conf' });
    expect(() => parseDeploySettings(inside, 'deploy.config.json')).toThrow(
      'nginx.configFile: configFile must not lie inside webRoot, which a deploy rewrites',
    );
    const beside = changed('nginx', { configFile: '/var/www/login-gateway-conf/gateway.conf' });
    expect(parseDeploySettings(beside, 'deploy.config.json').nginx.configFile).toBe(
      '/var/www/login-gateway-conf/gateway.conf',
    );
  });

  test('says at which line a file is not JSON, and names a comma after the last entry as such', () => {
    expect(() => parseDeploySettings('{\n  "paypal": {},\n}\n', 'deploy.config.json')).toThrow(
      'deploy.config.json: has a comma after the last entry at line 2, column 15; JSON allows none there: remove it',
    );
    expect(() => parseDeploySettings('{\n  "paypal": {}\n  "nginx": {}\n}\n', 'deploy.config.json')).toThrow(
      /^deploy\.config\.json: is not valid JSON at line 3, column 3 \(Expected ',' or '}' after property value\)$/,
    );
  });

  test('takes PayPal ids from the environment before the file, and refuses the retired Vite names', async () => {
    const { settings } = await loadDeploySettings(committedFile, { PAYPAL_CLIENT_ID_LIVE: 'AbC-123_live' });
    expect(settings.paypal).toEqual({ clientIdLive: 'AbC-123_live', clientIdSandbox: 'sb' });
    await expect(loadDeploySettings(committedFile, { PAYPAL_CLIENT_ID_LIVE: 'has space' })).rejects.toThrow(
      'PAYPAL_CLIENT_ID_LIVE / PAYPAL_CLIENT_ID_SANDBOX:   clientIdLive: a PayPal client id has letters, digits, - and _ only',
    );
    await expect(loadDeploySettings(committedFile, { VITE_PAYPAL_CLIENT_ID_LIVE: 'x' })).rejects.toThrow(
      /^VITE_PAYPAL_CLIENT_ID_LIVE is no longer read: .* Set PAYPAL_CLIENT_ID_LIVE or paypal\.clientIdLive/,
    );
  });

  test('names a missing file', async () => {
    const dir = await makeTempDir('settings-');
    await expect(loadDeploySettings(path.join(dir, 'none.json'), {})).rejects.toThrow(
      /none\.json: no deployment settings there/,
    );
    const file = path.join(dir, 'settings.json');
    await writeFile(file, changed('paypal', { clientIdLive: 'AbC_live-1' }));
    expect((await loadDeploySettings(file, {})).settings.paypal.clientIdLive).toBe('AbC_live-1');
  });
});
