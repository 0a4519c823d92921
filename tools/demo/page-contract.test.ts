import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_WRONG_ATTEMPTS, SEND_LIMITS } from './code-store.ts';
import { findService, getConfig, type ServiceConfig } from '../../src/features/config/api/get-config.ts';
import { resolveQr } from '../../src/features/resolver/api/resolve-qr.ts';
import { sendMailCode } from '../../src/features/send-code/api/send-mail-code.ts';
import { sendSmsCode } from '../../src/features/send-code/api/send-sms-code.ts';
import { verifyCode } from '../../src/features/verify/api/verify-code.ts';
import { makeDemoWorld, startDemo, type DemoWorld, type RunningDemo } from './demo-fixtures.ts';

// The page's own API clients, with node's fetch, against the demo server: the reference
// backend must give them exactly what docs/backend-contract.md promises.

let world: DemoWorld;
let demo: RunningDemo;

beforeAll(async () => {
  world = await makeDemoWorld();
  demo = await startDemo(world);
});
afterAll(async () => {
  await demo.stop();
  await world.remove();
});

async function serviceConfig(service: string): Promise<ServiceConfig> {
  const config = await getConfig(new URL(`http://127.0.0.1:${demo.port}/${service}/`));
  if (!config) throw new Error('no config');
  const lookup = findService(config, service);
  if (!lookup.ok) throw new Error(`service ${service}: ${lookup.reason}`);
  return lookup.service;
}

function lastCode(): string {
  return demo.sent.at(-1)?.code ?? '';
}

describe("the page's clients against the reference backend", () => {
  test('sign in by mail: send, read the code, verify', async () => {
    const { mwsTargetUrl, loginKey } = await serviceConfig('a-dok');
    expect(await sendMailCode(mwsTargetUrl, 'erika@example.de', loginKey)).toEqual({ ok: true, data: true });
    const verified = await verifyCode('mail', mwsTargetUrl, 'erika@example.de', lastCode());
    expect(verified).toEqual({ ok: true, data: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) });
  });

  test('sign in by the SMS fallback', async () => {
    const { mwsTargetUrl, loginKey } = await serviceConfig('wdmaps');
    expect(await sendSmsCode(mwsTargetUrl, '+491712345678', loginKey)).toEqual({ ok: true, data: true });
    const verified = await verifyCode('sms', mwsTargetUrl, '+491712345678', lastCode());
    expect(verified).toMatchObject({ ok: true });
  });

  test('shows VM01 for a wrong and a used code, and the lockout VL01 once locked', async () => {
    const { mwsTargetUrl, loginKey } = await serviceConfig('a-dok');
    await sendMailCode(mwsTargetUrl, 'max@example.de', loginKey);
    const code = lastCode();
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await verifyCode('mail', mwsTargetUrl, 'max@example.de', wrong)).toEqual({
      ok: false,
      code: 'VM01',
    });
    expect(await verifyCode('mail', mwsTargetUrl, 'max@example.de', code)).toMatchObject({ ok: true });
    expect(await verifyCode('mail', mwsTargetUrl, 'max@example.de', code)).toEqual({
      ok: false,
      code: 'VM01',
    });

    await sendMailCode(mwsTargetUrl, 'max@example.de', loginKey);
    const fresh = lastCode();
    const other = fresh === '000000' ? '000001' : '000000';
    for (let i = 0; i < MAX_WRONG_ATTEMPTS; i += 1)
      await verifyCode('mail', mwsTargetUrl, 'max@example.de', other);
    expect(await verifyCode('mail', mwsTargetUrl, 'max@example.de', fresh)).toEqual({
      ok: false,
      code: 'VL01',
    });
  });

  test('gets AM02 for a send with an unknown key', async () => {
    const { mwsTargetUrl } = await serviceConfig('a-dok');
    expect(await sendMailCode(mwsTargetUrl, 'erika@example.de', 'dev-key-nope')).toEqual({
      ok: false,
      code: 'AM02',
    });
  });

  test('gets AN03 for an SMS to a number that is not E.164', async () => {
    const { mwsTargetUrl, loginKey } = await serviceConfig('a-dok');
    expect(await sendSmsCode(mwsTargetUrl, '0171 2345678', loginKey)).toEqual({ ok: false, code: 'AN03' });
  });

  test.each([
    ['qr-exists', { outcome: 'redirect', path: 'a-ident' }],
    ['qr-pay', { outcome: 'pay', amount: 5, sponsor: 'live' }],
    ['qr-cents', { outcome: 'pay', amount: 12.34 }],
    ['qr-sandbox', { outcome: 'pay', amount: 5, sponsor: 'sandbox' }],
    ['qr-free', { outcome: 'redirect' }],
    ['qr-fail', { outcome: 'failed' }],
  ])('resolves %s to %o', async (qrid, resolution) => {
    const { mwsTargetUrl, loginKey } = await serviceConfig('a-ident');
    const email = `${qrid}@example.de`;
    await sendMailCode(mwsTargetUrl, email, loginKey);
    const verified = await verifyCode('mail', mwsTargetUrl, email, lastCode());
    if (!verified.ok) throw new Error(`no token: ${verified.code}`);
    const pageUrl = new URL(`http://127.0.0.1:${demo.port}/a-ident/?service=a-ident&qrid=${qrid}`);
    const result = await resolveQr(pageUrl, { qrid, token: verified.data, service: 'a-ident' });
    expect(result).toMatchObject(resolution);
  });

  test('gets a failed resolution for a token the MWS did not issue', async () => {
    const pageUrl = new URL(`http://127.0.0.1:${demo.port}/a-ident/?service=a-ident&qrid=qr-pay`);
    const token = 'header.payload.signature';
    const result = await resolveQr(pageUrl, { qrid: 'qr-pay', token, service: 'a-ident' });
    expect(result).toMatchObject({ outcome: 'failed' });
  });

  test('gets the send limit AL01 for the sixth code to one address within fifteen minutes', async () => {
    const { mwsTargetUrl, loginKey } = await serviceConfig('a-dok');
    for (let i = 0; i < SEND_LIMITS.perValue.max; i += 1) {
      expect(await sendMailCode(mwsTargetUrl, 'often@example.de', loginKey)).toMatchObject({ ok: true });
    }
    expect(await sendMailCode(mwsTargetUrl, 'often@example.de', loginKey)).toEqual({
      ok: false,
      code: 'AL01',
    });
  });
});
