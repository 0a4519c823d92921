import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Spinner } from '../components/spinner.tsx';
import type { Brand } from '../features/branding/brand.ts';
import { loadBrand } from '../features/branding/load-brand.ts';
import { isPlausibleService, readQuery } from '../lib/query-rules.ts';
import { REDIRECT_HOSTS_META, parseRedirectHosts } from '../lib/redirect-hosts.ts';
import { RESOLVER_SERVICE } from '../lib/services.ts';
import { enabledMethods, LOGIN_METHODS, type LoginMethod } from '../types/login-method.ts';
import { chunkRecovery } from './chunk-recovery.ts';
import { loadApplyBrand, loadLoginFlow, loadStartup } from './lazy-steps.ts';
import { LoadFailed } from './load-failed.tsx';
import { hasStoredProgress, progressScope } from './progress-keys.ts';
import { StartPage } from './start-page.tsx';
import type { FlowSetup } from './use-login-flow.ts';

// Everything after view 0 is a chunk of its own: neither view 0 nor the hydration of the page the
// build pre-rendered needs it. It loads as soon as view 0 shows, or with the config when the flow
// starts later than view 0.
const LoginFlow = lazy(() =>
  chunkRecovery.needed(loadLoginFlow).then(
    (module) => ({ default: module.LoginFlow }),
    () => ({ default: () => <LoadFailed onReload={chunkRecovery.reload} /> }),
  ),
);

export interface AppProps {
  pageUrl: URL;
  navigate: (url: string) => void;
  /**
   * The brand baked and pre-rendered into the page (scripts/lib/prerender.ts): the first render
   * draws exactly that page, so that React hydrates it. Undefined on a page without a brand.
   */
  bakedBrand?: Brand | undefined;
  /** A method the visitor chose before the app ran (first-view.ts's takeHeldMethod). */
  heldMethod?: LoginMethod | undefined;
  /** Shows or hides the page; nothing shows until the config confirms the service (spec §2). */
  setShown?: (shown: boolean) => void;
}

type Phase =
  | { name: 'loading' }
  | { name: 'hidden' }
  | { name: 'ready'; setup: FlowSetup; brand: Brand | undefined; resumes: boolean };

/**
 * Shows nothing until the config confirms the service (spec §2): a wrong or missing service,
 * a missing qrid or an unreachable config only leave a message in the console. Until then it
 * draws view 0 with every method, hidden, which is the page the build pre-rendered.
 */
export function App({ pageUrl, navigate, bakedBrand, heldMethod, setShown }: AppProps) {
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [chosen, setChosen] = useState(heldMethod);

  // Loading the config is the one thing that must happen when the page opens.
  useEffect(() => {
    let current = true;
    void start(pageUrl).then((next) => {
      if (current) setPhase(next);
    });
    return () => {
      current = false;
    };
  }, [pageUrl]);

  const shown = phase.name === 'ready';
  useLayoutEffect(() => {
    if (phase.name !== 'loading') setShown?.(shown);
  }, [phase.name, shown, setShown]);

  // Once view 0 shows, the flow after it loads while the visitor reads; a failure is the
  // needed load's to handle.
  useEffect(() => {
    if (shown) loadLoginFlow().catch(() => undefined);
  }, [shown]);

  if (phase.name === 'hidden') return null;
  if (phase.name === 'loading') {
    return <StartPage brand={bakedBrand} methods={[...LOGIN_METHODS]} onChoose={setChosen} />;
  }
  const { setup, brand, resumes } = phase;
  const methods = enabledMethods(setup.service.loginMethods);
  const method = setup.method ?? methods.find((m) => m === chosen);
  return (
    <StartPage brand={brand} methods={methods} onChoose={setChosen}>
      {resumes || method ? (
        <Suspense fallback={<Spinner size="large" label />}>
          <LoginFlow setup={{ ...setup, method }} navigate={navigate} />
        </Suspense>
      ) : undefined}
    </StartPage>
  );
}

async function start(pageUrl: URL): Promise<Phase> {
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
  if (resumes || query.method !== undefined) loadLoginFlow().catch(() => undefined);
  // The brand's data is a chunk of its own; fetch it while the config is on its way.
  const brandLoading = loadBrand(query.service).catch(() => undefined);
  const checks = await chunkRecovery.needed(loadStartup).catch((error: unknown) => {
    console.error('A part of the page did not load:', error);
    return undefined;
  });
  if (!checks) return { name: 'hidden' };
  const redirectHosts = parseRedirectHosts(
    document.querySelector<HTMLMetaElement>(`meta[name="${REDIRECT_HOSTS_META}"]`)?.content,
    pageUrl.port,
  );
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
  return {
    name: 'ready',
    setup: { serviceKey, service, qrId, method, pageUrl, redirectHosts },
    brand,
    resumes: hasStoredProgress(progressScope(serviceKey, qrId)),
  };
}
