import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http-utils.ts';
import { demoHeaders } from './static-files.ts';

/** Where a page listens for rebuilds (Server-Sent Events), on every local host. */
export const LIVE_RELOAD_PATH = '/dev/live-reload';
/** The script that listens (browser/live-reload.ts). */
export const LIVE_RELOAD_SCRIPT = '/dev/live-reload.js';

export interface LiveReload {
  /** The script that makes a page follow the rebuilds after the state it was served from. */
  scriptUrl(): string;
  /** Answers `GET /dev/live-reload?since=<state>`: an event stream that stays open. */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): void;
  /** A rebuild finished, or failed: every listening page reloads. */
  rebuilt(): void;
}

/**
 * Makes the gallery and the brand previews of `npm start` reload by themselves after a rebuild.
 * A page names the state it was served from: this server's start and how many rebuilds it had
 * finished. A page whose state is older when it starts listening, because a rebuild finished in
 * between or the server was restarted (the browser reconnects by itself), reloads at once.
 */
export function createLiveReload(): LiveReload {
  const started = randomBytes(4).toString('hex');
  let rebuilds = 0;
  const state = () => `${started}.${rebuilds}`;
  const listening = new Set<ServerResponse>();
  const tell = (response: ServerResponse) => response.write(`event: rebuilt\ndata: ${state()}\n\n`);

  return {
    scriptUrl: () => `${LIVE_RELOAD_SCRIPT}?${new URLSearchParams({ since: state() })}`,
    handle(request, response, url) {
      if (request.method !== 'GET') {
        return sendJson(
          response,
          405,
          { error: 'use GET' },
          { ...demoHeaders(undefined, 'api'), allow: 'GET' },
        );
      }
      response.writeHead(200, { ...demoHeaders(undefined, 'api'), 'content-type': 'text/event-stream' });
      // Sends the headers now: EventSource is open only once they arrive.
      response.write(': listening\n\n');
      const since = url.searchParams.get('since');
      if (since !== null && since !== state()) tell(response);
      listening.add(response);
      response.once('close', () => listening.delete(response));
    },
    rebuilt() {
      rebuilds += 1;
      for (const response of listening) tell(response);
    },
  };
}
