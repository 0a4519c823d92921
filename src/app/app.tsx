import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Spinner } from '../components/spinner.tsx';
import type { Brand } from '../features/branding/brand.ts';
import { loadBrand } from '../features/branding/load-brand.ts';
import { isPlausibleService, readQuery } from '../lib/query-rules.ts';
import { RESOLVER_SERVICE } from '../lib/services.ts';
import { DEFAULT_COUNTRY_PREFIX } from '../lib/phone-number.ts';
import { firstViewMessages } from '../lib/first-view-messages.ts';
import { enabledMethods, LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';
import { chunkRecovery } from './chunk-recovery.ts';
import {
  loadApplyBrand,
  loadLoginFlow,
  loadPendingSendCode,
  loadProgressStore,
  loadStartup,
} from './lazy-steps.ts';
import { takeSubmitted, type HandOver } from './first-view.ts';
import { LoadFailed } from './load-failed.tsx';
import { hasStoredProgress, progressScope } from './progress-keys.ts';
import { StartPage } from './start-page.tsx';
import type { FlowSetup } from './use-login-flow.ts';

// View 1 as the build pre-rendered it for a `method` parameter: hydrated once its chunk is in,
// React keeps the pre-rendered markup until then.
const PendingSendCode = lazy(() =>
  loadPendingSendCode().then((module) => ({ default: module.PendingSendCode })),
);

/**
 * Everything after view 0 is a chunk of its own: neither view 0 nor the hydration of the page
 * the build pre-rendered needs it. It loads as soon as view 0 shows, or with the config when the
 * flow starts later than view 0, and is kept once in: the flow then renders in the same task that
 * starts it, with no loading state between the view before and its first view.
 */
type FlowModule = Awaited<ReturnType<typeof loadLoginFlow>>;

export interface AppProps {
  pageUrl: URL;
  navigate: (url: string) => void;
  /**
   * The brand baked and pre-rendered into the page (scripts/lib/prerender.ts): the first render
   * draws exactly that page, so that React hydrates it. Undefined on a page without a brand.
   */
  bakedBrand?: Brand | undefined;
  /**
   * What the page's first script did before the app ran, and the page's redirect hosts it read
   * (first-view.ts); without it, no host is allowed.
   */
  handedOver?: HandOver | undefined;
  /** Shows or hides the page; nothing shows until the config confirms the service (spec §2). */
  setShown?: (shown: boolean) => void;
}

type Phase =
  | { name: 'loading' }
  | { name: 'hidden' }
  | {
      name: 'ready';
      setup: FlowSetup;
      brand: Brand | undefined;
      resumes: boolean;
      /** The flow's module when start-up already has it. */
      flow: FlowModule | undefined;
    };

/**
 * Shows nothing until the config confirms the service (spec §2): a wrong or missing service,
 * a missing qrid or an unreachable config only leave a message in the console. Until then it
 * draws view 0 with every method, hidden, which is the page the build pre-rendered.
 */
export function App({ pageUrl, navigate, bakedBrand, handedOver, setShown }: AppProps) {
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [chosen, setChosen] = useState(handedOver?.chosen);
  const [flow, setFlow] = useState<FlowModule | 'failed'>();
  const sendCodeShown = handedOver?.sendCodeShown;
  const [redirectHosts] = useState(() => handedOver?.redirectHosts ?? []);

  // Loading the config is the one thing that must happen when the page opens.
  useEffect(() => {
    let current = true;
    void start(pageUrl, redirectHosts).then(async (next) => {
      if (!current) return;
      if (next.name === 'ready' && sendCodeShown !== undefined) {
        const taken = await takeOverPendingView(next.setup, sendCodeShown);
        if (!current) return;
        // Read and handed over in one task: nothing typed in between is lost.
        const module = taken();
        flushSync(() => {
          if (module) setFlow(module);
          setPhase(next);
        });
        // Enter on the pre-rendered view 1, held by the first script, is sent now.
        if (takeSubmitted()) document.getElementById('login-value')?.closest('form')?.requestSubmit();
      } else {
        if (next.name === 'ready' && next.flow) setFlow(next.flow);
        setPhase(next);
      }
    });
    return () => {
      current = false;
    };
  }, [pageUrl, sendCodeShown, redirectHosts]);

  const shown = phase.name === 'ready';
  useLayoutEffect(() => {
    if (phase.name !== 'loading') setShown?.(shown);
  }, [phase.name, shown, setShown]);

  // Once view 0 shows, the flow after it loads while the visitor reads; once the flow is
  // needed, a failed load reloads the page once (chunk-recovery.ts) or says so.
  const needsFlow = phase.name === 'ready' && (phase.resumes || phase.setup.method !== undefined || !!chosen);
  useEffect(() => {
    if (!shown || flow) return;
    let current = true;
    const loading = needsFlow ? chunkRecovery.needed(loadLoginFlow) : loadLoginFlow();
    loading.then(
      (module) => current && setFlow(module),
      () => current && needsFlow && setFlow('failed'),
    );
    return () => {
      current = false;
    };
  }, [shown, needsFlow, flow]);

  if (phase.name === 'hidden') return null;
  if (phase.name === 'loading') {
    return (
      <StartPage brand={bakedBrand} methods={[...LOGIN_METHODS]} onChoose={setChosen}>
        {sendCodeShown ? (
          <Suspense fallback={null}>
            <PendingSendCode method={sendCodeShown} />
          </Suspense>
        ) : undefined}
      </StartPage>
    );
  }
  const { setup, brand, resumes } = phase;
  const methods = enabledMethods(setup.service.loginMethods);
  const method = setup.method ?? methods.find((m) => m === chosen);
  return (
    <StartPage brand={brand} methods={methods} onChoose={setChosen}>
      {resumes || method ? renderFlow({ ...setup, method }) : undefined}
    </StartPage>
  );

  function renderFlow(flowSetup: FlowSetup) {
    if (flow === 'failed') return <LoadFailed onReload={chunkRecovery.reload} />;
    if (!flow) return <Spinner size="large" label />;
    return <flow.LoginFlow setup={flowSetup} navigate={navigate} />;
  }
}

async function start(pageUrl: URL, redirectHosts: readonly string[]): Promise<Phase> {
  const query = readQuery(pageUrl.search);
  if (!isPlausibleService(query.service)) {
    console.error(`Invalid service parameter: ${JSON.stringify(query.service ?? null)}`);
    return { name: 'hidden' };
  }
  // The flow after view 0 is needed at once when the visitor returns to a later view or names a
  // method: fetch it with the config.
  const resumes = hasStoredProgress(
    progressScope(query.service, query.service === RESOLVER_SERVICE ? query.qrid : undefined),
  );
  const flowLoading =
    resumes || query.method !== undefined ? loadLoginFlow().catch(() => undefined) : undefined;
  // The brand's data is a chunk of its own; fetch it while the config is on its way.
  const brandLoading = loadBrand(query.service).catch(() => undefined);
  const checks = await chunkRecovery.needed(loadStartup).catch((error: unknown) => {
    console.error('A part of the page did not load:', error);
    return undefined;
  });
  if (!checks) return { name: 'hidden' };
  const startup = await checks.confirmStartup(query, pageUrl, {
    brand: document.documentElement.dataset.brand,
    redirectHosts,
  });
  if (!startup.ok) {
    console.error(startup.error);
    return { name: 'hidden' };
  }
  const brand = await brandLoading;
  if (!brand) console.warn(`No brand folder for service ${startup.serviceKey}: showing the neutral page`);
  // The baked page already looks like its own service; another one is restyled at runtime.
  if (document.documentElement.dataset.brand !== startup.serviceKey) {
    const { applyBrand } = await loadApplyBrand();
    const { name, accentColor } = startup.service;
    applyBrand(brand, { key: startup.serviceKey, name, accentColor });
  }
  const { serviceKey, service, qrId, method } = startup;
  const siteTitle = brand?.title ?? service.name;
  // The flow names the views it shows (document-title.ts, in the same form); view 0 before it is
  // the start's own: the flow's module is not needed to name it.
  if (!resumes && !method) document.title = `${firstViewMessages.chooseMethod} – ${siteTitle}`;
  return {
    name: 'ready',
    setup: { serviceKey, service, qrId, method, pageUrl, redirectHosts, siteTitle },
    brand,
    resumes,
    flow: await flowLoading,
  };
}

/**
 * The flow takes over the pre-rendered view 1 with what the visitor typed into it, as the draft
 * a reload keeps (progress-store.ts), which the flow reads as it starts. Loads the flow first;
 * the returned call reads the fields and hands over the flow's module, so that nothing stands
 * between reading them and the flow's first render.
 */
async function takeOverPendingView(
  setup: FlowSetup,
  method: LoginMethod,
): Promise<() => FlowModule | undefined> {
  const loaded = await Promise.all([loadProgressStore(), loadLoginFlow()]).catch(() => undefined);
  return () => {
    if (!loaded) return undefined;
    const [{ progressStore }, module] = loaded;
    const typed = (id: string) => {
      const field = document.getElementById(id);
      return field instanceof HTMLInputElement ? field.value : undefined;
    };
    progressStore.saveDraft(progressScope(setup.serviceKey, setup.qrId), {
      method,
      loginValue: typed('login-value') ?? '',
      countryPrefix: typed('country') ?? DEFAULT_COUNTRY_PREFIX,
    });
    return module;
  };
}
