import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_FORM_BYTES } from '../../../scripts/server/http-utils.ts';
import { RESOLVER_TABLE } from '../../../scripts/server/resolver-table.ts';
import { toResolution, type ResolverAnswer } from '../../../src/features/resolver/api/resolve-qr.ts';
import { buildResolverRedirect } from '../../../src/lib/safe-redirect.ts';
import {
  FORM_TYPE,
  json,
  makeDemoWorld,
  postForm,
  send,
  startDemo,
  type DemoWorld,
  type RunningDemo,
} from './demo-fixtures.ts';

const ROWS = [
  ['qr-exists', { exists: true, value: 0, sponsor: 'live' }],
  ['qr-pay', { exists: false, value: 5, sponsor: 'live' }],
  ['qr-cents', { exists: false, value: '12.34', sponsor: 'live' }],
  ['qr-sandbox', { exists: false, value: 5, sponsor: 'sandbox' }],
  ['qr-free', { exists: false, value: 0, sponsor: 'live' }],
] as const;
const FAILING = ['qr-fail'];

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

function resolve(qrid: string, host?: string) {
  const target = host ? '/api/resolver' : '/a-ident/api/resolver';
  return postForm(
    demo.port,
    target,
    { qrid, token: 'header.payload.signature', service: 'a-ident' },
    {
      host: host ?? `localhost:${demo.port}`,
    },
  );
}

describe('POST api/resolver', () => {
  test('covers every row of the table in these tests', () => {
    expect([...ROWS.map(([qrid]) => qrid), ...FAILING].sort()).toEqual(Object.keys(RESOLVER_TABLE).sort());
  });

  test.each(ROWS)(
    'answers %s below the path with %o and the landing page on localhost',
    async (qrid, row) => {
      const answer = await resolve(qrid);
      expect(answer.status).toBe(200);
      expect(json(answer)).toEqual({
        success: true,
        exists: row.exists,
        message: expect.any(String),
        data: {
          value: row.value,
          sponsor: row.sponsor,
          targetDomain: `http://localhost:${demo.port}/landing`,
          path: 'a-ident',
        },
      });
    },
  );

  test.each(ROWS)('answers %s on the a-ident host with the landing page on that host', async (qrid, row) => {
    const host = `a-ident.localhost:${demo.port}`;
    const answer = await resolve(qrid, host);
    expect(json(answer)).toMatchObject({
      success: true,
      exists: row.exists,
      data: { value: row.value, sponsor: row.sponsor, targetDomain: `http://${host}/landing` },
    });
  });

  test.each([
    ['qr-exists', { outcome: 'redirect' }],
    ['qr-pay', { outcome: 'pay', amount: 5, sponsor: 'live' }],
    ['qr-cents', { outcome: 'pay', amount: 12.34, sponsor: 'live' }],
    ['qr-sandbox', { outcome: 'pay', amount: 5, sponsor: 'sandbox' }],
    ['qr-free', { outcome: 'redirect' }],
    ['qr-fail', { outcome: 'failed' }],
  ])('leads the page to %o for %s', async (qrid, outcome) => {
    const answer = json(await resolve(qrid, `a-ident.localhost:${demo.port}`)) as ResolverAnswer;
    expect(toResolution(answer)).toMatchObject(outcome);
  });

  test("sends the page's redirect to the demo's landing page", async () => {
    const host = `a-ident.localhost:${demo.port}`;
    const { data } = json(await resolve('qr-exists', host)) as ResolverAnswer;
    const redirect = buildResolverRedirect({
      targetDomain: data?.targetDomain ?? '',
      path: data?.path ?? '',
      qrId: 'qr-exists',
      token: 'header.payload.signature',
    });
    expect(redirect?.href).toBe(`http://${host}/landing/a-ident/qr-exists?idtoken=header.payload.signature`);
    const landing = await send(demo.port, `${redirect?.pathname}${redirect?.search}`, { host });
    expect(landing.status).toBe(200);
    expect(landing.body).toContain('<code>/landing/a-ident/qr-exists</code>');
  });

  test.each([
    'qr-fail',
    'qr-unknown',
    'QR-PAY',
    'qr-pay ',
    ' qr-pay',
    '../qr-pay',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    '<script>alert(1)</script>',
  ])('answers success false for the qrid %j', async (qrid) => {
    const answer = await resolve(qrid);
    expect(answer.status).toBe(200);
    const body = json(answer);
    expect(body).toMatchObject({ success: false, exists: false });
    expect(body).not.toHaveProperty('data');
  });

  test.each([
    [{}, 'qrid, token, service'],
    [{ qrid: 'qr-pay' }, 'token, service'],
    [{ qrid: 'qr-pay', token: 't' }, 'service'],
    [{ token: 't', service: 'a-ident' }, 'qrid'],
    [{ qrid: ' ', token: 't', service: 'a-ident' }, 'qrid'],
  ])('answers 400 to %o naming %s', async (fields, missing) => {
    const answer = await postForm(demo.port, '/a-ident/api/resolver', fields);
    expect(answer.status).toBe(400);
    expect(json(answer)).toEqual({ error: `missing form field(s): ${missing}` });
  });

  test.each([
    ['a JSON body', { 'content-type': 'application/json' }, '{"qrid":"qr-pay"}', false, 415],
    ['no content type', {}, 'qrid=qr-pay', false, 415],
    [
      'an oversized body',
      { 'content-type': FORM_TYPE },
      `qrid=qr-pay&x=${'x'.repeat(MAX_FORM_BYTES)}`,
      false,
      413,
    ],
    [
      'an oversized chunked body',
      { 'content-type': FORM_TYPE },
      `qrid=${'x'.repeat(MAX_FORM_BYTES)}`,
      true,
      413,
    ],
    ['random bytes', { 'content-type': FORM_TYPE }, '%%%\u0000\uffff&&==', false, 400],
  ])('refuses %s and keeps answering', async (_, headers, body, chunked, status) => {
    const answer = await send(demo.port, '/a-ident/api/resolver', { method: 'POST', headers, body, chunked });
    expect(answer.status).toBe(status);
    expect(json(answer)).toEqual({ error: expect.any(String) });
    expect(json(await resolve('qr-pay'))).toMatchObject({ success: true });
  });
});
