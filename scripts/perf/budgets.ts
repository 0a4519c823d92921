/**
 * The performance budgets `npm run check` enforces (through `npm run budget`), in one place.
 * `npm run bench` measures the same things and more, and reports them against these numbers.
 */
export interface Budgets {
  firstViewOverFloorGzipBytes: number;
  firstViewWebFonts: number;
  lazyOnlyPackages: readonly { name: string; pattern: RegExp }[];
  allBrandsVsOneBrandBuildRatio: number;
  buildRuns: number;
}

export const BUDGETS: Budgets = {
  /**
   * What the first view downloads in JS and CSS (gzip -9 per file, as a host would send it) may
   * exceed a bare React 19 app, built with the same Vite config, by at most this many bytes.
   * React itself is the floor of any React page; everything above it is ours to justify.
   * 10 KB since issue 39 (9.87 KB used; decision 029): the page's first script applies the one
   * start rule the app applies too (src/app/start-rule.ts), 0.15 KB more than the cheap copy of
   * it the first script had before.
   * 9.75 KB since issue 28 (9.5 KB used): the page's first script, which shows the view the
   * build pre-rendered once the config confirms the service (src/app/first-view.ts, 2.1 KB with
   * the checks it shares with the app), the app that hydrates it (App, StartPage, BrandFrame,
   * MethodView, the first view's texts, chunk recovery, one loader per chunk, the hand-over of a
   * pre-rendered view 1 to the flow) and the styles. The rest loads while the visitor reads:
   * the app's full check of the config with the schemas and the api-client (startup.ts), view
   * 1 for a method parameter (pending-send-code.tsx), and the flow (login-flow.tsx), with every
   * other text (messages.ts). Until then it was
   * 16.25 KB, raised over issues 14, 15, 24 and 25 as the start-up, the config schema and view 1
   * grew inside the first view.
   */
  firstViewOverFloorGzipBytes: 10 * 1024,

  /**
   * Web fonts the first view may download: none. The page sets its text in the system's UI
   * font, so no font file can hold back the first paint or swap the text under the visitor.
   * Counted as `@font-face` rules in first-view CSS and font preloads in the HTML.
   */
  firstViewWebFonts: 0,

  /**
   * Packages whose code must never be in a chunk the first view loads: Firebase (about 27 KB
   * gzip) loads when the visitor picks the phone method, PayPal's loader when a payment is due.
   * Matched against the path of every module bundled into a first-view chunk.
   */
  lazyOnlyPackages: [
    { name: 'Firebase', pattern: /[\\/]node_modules[\\/](?:firebase|@firebase)[\\/]/ },
    { name: 'PayPal', pattern: /[\\/]node_modules[\\/]@paypal[\\/]/ },
  ],

  /**
   * Building all brands may take at most this multiple of building one: the shared app is
   * built once and each further brand only adds its HTML, favicons and a copy of the assets.
   * A brand manager adding a folder must not make every build slower by a whole app build.
   */
  allBrandsVsOneBrandBuildRatio: 2,

  /**
   * Pairs of builds timed at most. The best run of each kind counts, so one slow run on a busy CI
   * machine does not fail the check; a real regression is slow on every run. A pair within the
   * limit ends the timing; one over it is timed again, up to this many pairs.
   */
  buildRuns: 3,
};
