import { boolean, custom, object, optional, string, type infer as Infer } from 'zod/mini';
import { postForm } from '../../../lib/api-client.ts';
import { parseAmount } from '../../../lib/format-amount.ts';
import { besidePage } from '../../../lib/page-api-url.ts';

const resolverSchema = object({
  success: boolean(),
  exists: boolean(),
  message: optional(string()),
  data: optional(
    object({
      // A number, or a decimal string; parseAmount decides which strings are amounts.
      value: custom<number | string>((value) => typeof value === 'number' || typeof value === 'string'),
      sponsor: optional(string()),
      targetDomain: string(),
      path: string(),
    }),
  ),
});

export type ResolverAnswer = Infer<typeof resolverSchema>;

export type Resolution =
  | { outcome: 'redirect'; targetDomain: string; path: string }
  | { outcome: 'pay'; amount: number; sponsor: string | undefined; targetDomain: string; path: string }
  | { outcome: 'failed'; reason: string };

/** Asks the page's resolver what an a-ident QR id needs before the redirect. */
export async function resolveQr(
  pageUrl: URL,
  fields: { qrid: string; token: string; service: string },
): Promise<Resolution> {
  const result = await postForm(besidePage(pageUrl, 'api/resolver'), fields, { schema: resolverSchema });
  // The spec gives the resolver no error code: its failures are only logged.
  if (!result.ok) return { outcome: 'failed', reason: `resolver call failed (${result.failure})` };
  return toResolution(result.data);
}

/** The spec's rule: exists → redirect; otherwise a value above 0 → payment, else redirect. */
export function toResolution(answer: ResolverAnswer): Resolution {
  const { data } = answer;
  if (!answer.success || !data)
    return { outcome: 'failed', reason: answer.message ?? 'resolver reported failure' };
  const target = { targetDomain: data.targetDomain, path: data.path };
  if (answer.exists) return { outcome: 'redirect', ...target };
  const amount = parseAmount(data.value);
  if (amount === undefined)
    return { outcome: 'failed', reason: `unusable amount ${JSON.stringify(data.value)}` };
  if (amount <= 0) return { outcome: 'redirect', ...target };
  return { outcome: 'pay', amount, sponsor: data.sponsor, ...target };
}
