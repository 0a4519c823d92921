import { startConfigRequest } from './lib/config-request.ts';

// The page's first script, loaded async in <head> (bake-html.ts) and imported first by main.tsx:
// whichever arrives first runs it, once, so the config is on its way before React has arrived.
startConfigRequest(new URL(window.location.href));
