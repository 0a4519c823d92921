import type { LookupFunction } from 'node:net';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface RawAnswer {
  status: number;
  /** Every header line as sent, names lower-cased, repeated names kept. */
  headers: [string, string][];
  body: Buffer;
}

/** The one value of a header, or undefined; a header sent twice is an error worth seeing. */
export function headerOf(answer: RawAnswer, name: string): string | undefined {
  const values = answer.headers.filter(([key]) => key === name.toLowerCase()).map(([, value]) => value);
  if (values.length > 1) throw new Error(`${name} was sent ${values.length} times: ${values.join(' | ')}`);
  return values[0];
}

/** Resolves every name to 127.0.0.1, as the browser's host-resolver rules do for the brand domains. */
export const loopbackLookup: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

/**
 * A request from Node to the gateway by a brand's name, without DNS: the connection goes to
 * 127.0.0.1, SNI and Host name the domain, and TLS is verified against the test CA only, so
 * each answer also proves nginx chose that brand's certificate.
 */
export function fetchRaw(
  url: string,
  {
    ca,
    method = 'GET',
    headers = {},
    body,
  }: { ca?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      { method, headers, lookup: loopbackLookup, agent: false, ca, timeout: 10_000 },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const raw = response.rawHeaders;
          const pairs: [string, string][] = [];
          for (let index = 0; index < raw.length; index += 2) {
            pairs.push([(raw[index] ?? '').toLowerCase(), raw[index + 1] ?? '']);
          }
          resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url}`)));
    request.on('error', reject);
    request.end(body);
  });
}
