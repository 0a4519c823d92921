import {
  findService,
  getConfig,
  type Config,
  type ServiceConfig,
} from '../features/config/api/get-config.ts';
import type { QueryParams } from '../lib/query-rules.ts';
import { LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';
import { decideStart, type PageFacts, type StartDecision } from './start-rule.ts';

export type { PageFacts } from './start-rule.ts';

export type Startup =
  | { ok: false; error: string }
  | {
      ok: true;
      serviceKey: string;
      service: ServiceConfig;
      qrId: string | undefined;
      method: LoginMethod | undefined;
      /** A method parameter that is unknown or disabled: only logged, the page starts on view 0. */
      ignoredMethod?: string;
    };

/**
 * Decides from the query and the config whether and where the flow starts: the start rule
 * (start-rule.ts) on the entry the full schema has checked, with its reasons as sentences for the
 * console. `page.brand` is the brand baked into this page, whose policy the build wrote for that
 * brand alone; undefined on the neutral development page. A development page with a brand has no
 * policy, but refuses what the built page would, so the difference shows there.
 */
export function decideStartup(query: QueryParams, config: Config, page: PageFacts): Startup {
  const decision = decideStart(
    query,
    (key) => {
      const found = findService(config, key);
      return found.ok ? found.service : found.reason;
    },
    page,
  );
  if (!decision.ok) return { ok: false, error: refusalText(decision, query, page) };
  const { service, qrId, method } = decision;
  const key = query.service ?? '';
  const ignoredMethod = method ? undefined : query.method;
  const named = LOGIN_METHODS.find((m) => m === ignoredMethod);
  return {
    ok: true,
    serviceKey: key,
    service,
    qrId,
    method,
    ...(ignoredMethod !== undefined && {
      ignoredMethod: named
        ? `Method ${named} is not enabled for service ${key}: starting with the choice of method`
        : `Invalid method parameter ${JSON.stringify(ignoredMethod)}: starting with the choice of method`,
    }),
  };
}

/** Why the flow does not start, for the console: nothing is shown (spec §8). */
function refusalText(
  refusal: Extract<StartDecision, { ok: false }>,
  query: QueryParams,
  page: PageFacts,
): string {
  const key = query.service;
  switch (refusal.reason) {
    case 'service':
      return `Invalid service parameter: ${JSON.stringify(query.service)}`;
    case 'unknown':
    case 'invalid':
      return `Service ${JSON.stringify(key)} is ${refusal.reason === 'unknown' ? 'unknown' : 'misconfigured'}`;
    case 'no-qrid':
      return `Service ${key} needs a qrid parameter`;
    case 'qrid':
      return `Invalid qrid parameter (${query.qrid?.length ?? 0} characters): a payment carries at most 127 printable ASCII characters without spaces`;
    case 'no-redirect':
      return `Service ${key} has no redirectUrl to send the visitor to`;
    case 'redirect-host':
      return `Service ${key} redirects to ${refusal.host}, which is not one of this page's redirect hosts`;
    case 'payment':
      return `Service ${key} can end in a payment, which the page of ${page.brand} does not allow: open ${key}'s own page`;
  }
}

/**
 * Reads the config and decides the start (decideStartup): the app's full check, which the page's
 * first script has applied only to an entry it checked cheaply (first-view.ts). A chunk of its
 * own with the schemas and the api-client: view 0 and its hydration do not need it, and it loads
 * while they happen.
 */
export async function confirmStartup(query: QueryParams, pageUrl: URL, page: PageFacts): Promise<Startup> {
  const config = await getConfig(pageUrl);
  if (!config) return { ok: false, error: 'The config could not be loaded or is malformed.' };
  const startup = decideStartup(query, config, page);
  if (startup.ok && startup.ignoredMethod) console.error(startup.ignoredMethod);
  return startup;
}
