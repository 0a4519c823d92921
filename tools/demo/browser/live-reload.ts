// Served by the demo server as /dev/live-reload.js (browser-scripts.ts) to the gallery and to each
// brand's preview page; never part of a build. It reloads the page once `npm start` has finished a
// rebuild, or failed one, after a change in brands/ (live-reload.ts).

const since = new URL(import.meta.url).searchParams.get('since') ?? '';
const events = new URL(`/dev/live-reload?${new URLSearchParams({ since })}`, import.meta.url);
let source: EventSource | undefined;

function listen(): void {
  source = new EventSource(events);
  source.addEventListener('rebuilt', () => {
    source?.close();
    window.location.reload();
  });
}

// An open event stream holds one of the six connections a browser allows per host over HTTP/1.1;
// tabs in the background give theirs back, and catch up on what they missed when shown again.
document.addEventListener('visibilitychange', () => {
  if (document.hidden) {
    source?.close();
    source = undefined;
  } else if (!source) {
    listen();
  }
});
if (!document.hidden) listen();

export {};
