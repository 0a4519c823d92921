import { useEffect, useState } from 'react';
import { BrandFrame } from '../features/branding/brand-frame.tsx';
import type { Brand } from '../features/branding/brand.ts';
import { loadBrand } from '../features/branding/load-brand.ts';
import { getConfig } from '../features/config/api/get-config.ts';
import { loadApplyBrand } from './lazy-steps.ts';
import { LoginFlow } from './login-flow.tsx';
import { REDIRECT_HOSTS_META, parseRedirectHosts } from '../lib/redirect-hosts.ts';
import { decideStartup, isPlausibleService, readQuery } from './startup.ts';
import type { FlowSetup } from './use-login-flow.ts';

interface AppProps {
  pageUrl: URL;
  navigate: (url: string) => void;
}

type Phase =
  { name: 'loading' } | { name: 'hidden' } | { name: 'ready'; setup: FlowSetup; brand: Brand | undefined };

/**
 * Shows nothing until the config confirms the service (spec §2): a wrong or missing service,
 * a missing qrid or an unreachable config only leave a message in the console.
 */
export function App({ pageUrl, navigate }: AppProps) {
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });

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

  if (phase.name !== 'ready') return null;
  return (
    <BrandFrame brand={phase.brand}>
      <LoginFlow setup={phase.setup} navigate={navigate} />
    </BrandFrame>
  );
}

async function start(pageUrl: URL): Promise<Phase> {
  const query = readQuery(pageUrl.search);
  if (!isPlausibleService(query.service)) {
    console.error(`Invalid service parameter: ${JSON.stringify(query.service ?? null)}`);
    return { name: 'hidden' };
  }
  // The brand's data is a chunk of its own; fetch it while the config is on its way.
  const brandLoading = loadBrand(query.service).catch(() => undefined);
  const config = await getConfig(pageUrl);
  if (!config) {
    console.error('The config could not be loaded or is malformed.');
    return { name: 'hidden' };
  }
  const redirectHosts = parseRedirectHosts(
    document.querySelector<HTMLMetaElement>(`meta[name="${REDIRECT_HOSTS_META}"]`)?.content,
    pageUrl.port,
  );
  const startup = decideStartup(query, config, {
    brand: document.documentElement.dataset.brand,
    redirectHosts,
  });
  if (!startup.ok) {
    console.error(startup.error);
    return { name: 'hidden' };
  }
  if (startup.warning) console.warn(startup.warning);
  const brand = await brandLoading;
  if (!brand) console.warn(`No brand folder for service ${startup.serviceKey}: showing the neutral page`);
  // The baked page already looks like its own service; another one is restyled at runtime.
  if (document.documentElement.dataset.brand !== startup.serviceKey) {
    const { applyBrand } = await loadApplyBrand();
    const { name, accentColor } = startup.service;
    applyBrand(brand, { key: startup.serviceKey, name, accentColor });
  }
  const { serviceKey, service, qrId, method } = startup;
  return { name: 'ready', setup: { serviceKey, service, qrId, method, pageUrl, redirectHosts }, brand };
}
