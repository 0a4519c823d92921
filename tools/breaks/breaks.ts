/**
 * Deliberate breaks of the product, each the kind of slip a developer makes, that the browser
 * suite must catch (`npm run breaks`, issue 13). An edit replaces text that must occur exactly
 * once in its file at the revision under test, and must still change code that runs and
 * compiles (the rules are in tools/breaks.ts): a break that no longer does what it says after
 * a change to the code stops the tool with its name, instead of passing as "caught" or being
 * skipped. `npm run breaks -- --check-only` checks them all in seconds.
 */
export interface Edit {
  /** Relative to the repository root. */
  file: string;
  find: string;
  replace: string;
}

export interface Break {
  name: string;
  /** What the visitor would get, and why a developer could do it. */
  why: string;
  edits: Edit[];
}

/**
 * Where the code the suite tests starts to run: the page and its preview (the scripts of Vite's
 * inputs src/index.html and src/preview/preview.html), the build that makes them, and the servers
 * the suite starts (the demo's global setup, the production project's gateway). An edit must
 * change code these import, directly or not (tools/breaks/check-breaks.ts).
 */
export const runningEntries = [
  'src/main.tsx',
  'src/preview/main.tsx',
  'scripts/build.ts',
  'e2e/support/global-setup.ts',
  'e2e/production/support/gateway.ts',
];

export const breaks: Break[] = [
  {
    name: 'verification fires twice',
    why:
      'The code form also verifies from its change handler once six digits are in (the code input ' +
      'already does on completion), and the re-entry guard of the flow is gone as seemingly ' +
      'redundant: one complete code is sent to the MWS twice.',
    edits: [
      {
        file: 'src/features/verify/verify-view.tsx',
        find: '          onChange={props.onCodeChange}\n',
        replace:
          '          onChange={(next) => {\n' +
          '            props.onCodeChange(next);\n' +
          '            if (next.length === 6) props.onVerify(next);\n' +
          '          }}\n',
      },
      {
        file: 'src/app/use-login-flow.ts',
        find: '    if (inFlight.current) return;\n',
        replace: '',
      },
    ],
  },
  {
    name: 'paste appends',
    why:
      'A pasted code is appended to the digits already typed and cut at six, instead of replacing ' +
      'them: the visitor who typed two digits and then pastes the code from the mail gets VM01.',
    edits: [
      {
        file: 'src/features/verify/otp-input.tsx',
        find: 'all.startsWith(value) && all.length - value.length >= CODE_LENGTH ? all.slice(value.length) : all;',
        replace: 'all.slice(0, CODE_LENGTH);',
      },
    ],
  },
  {
    name: 'every error marks the value wrong',
    why:
      'A failure of the server or the network marks a correct address aria-invalid, so a screen ' +
      'reader tells the visitor their right value is wrong (issue 34).',
    edits: [
      {
        file: 'src/features/send-code/send-code-view.tsx',
        find: 'const invalid = error !== undefined && VALUE_ERRORS.has(error) ? true : undefined;',
        replace: 'const invalid = error !== undefined && VALUE_ERRORS.size > 0 ? true : undefined;',
      },
    ],
  },
  {
    name: 'cooldown resets on reload',
    why:
      'The stored resend time is restored relative to the load instead of as the moment it is: ' +
      'every reload of the code view restarts the 30 s cooldown in full.',
    edits: [
      {
        file: 'src/app/progress-store.ts',
        find: '    return { method, loginValue, countryPrefix, sentTo, sentViaFirebase, verificationId, resendAt };\n',
        replace:
          '    const left = resendAt - entry.savedAt;\n' +
          '    return { method, loginValue, countryPrefix, sentTo, sentViaFirebase, verificationId, resendAt: now + left };\n',
      },
    ],
  },
  {
    name: 'SMS fallback off',
    why:
      'The guard before the fallback asks whether Firebase failed instead of why: every refusal ' +
      "ends the phone send, too-many-requests included, and the visitor sees AN01 where the backend's " +
      'SMS should have been sent (spec §4).',
    edits: [
      {
        file: 'src/features/send-code/send-phone-code.ts',
        find: '  if (!firebase.tooManyRequests) return { ok: false, code: firebase.code };\n',
        replace: '  if (!firebase.ok) return { ok: false, code: firebase.code };\n',
      },
    ],
  },
  {
    name: 'wrong error text',
    why: "AM02's text ends its first sentence with a full stop where the spec has 'aufgetreten!'.",
    edits: [
      {
        file: 'src/lib/messages.ts',
        find: '  AM02: TRY_AGAIN,\n',
        replace: "  AM02: 'Es ist ein Fehler aufgetreten. Bitte versuche es erneut.',\n",
      },
    ],
  },
  {
    name: 'a logo that does not load for one brand',
    why:
      "The build leaves wdmessenger's logo file, and its compressed twins, out of that brand's " +
      'folder: its page asks for the logo and gets a 404, a broken image where the logo belongs; ' +
      'every other brand is fine. (A wrong logo URL in the brand module is refused by the build: ' +
      "it finds each brand's logo through Vite's manifest.)",
    edits: [
      {
        file: 'scripts/lib/emit-brand.ts',
        find: "  await linkTree(path.join(app.dir, 'assets'), path.join(dir, 'assets'));\n",
        replace:
          "  await linkTree(path.join(app.dir, 'assets'), path.join(dir, 'assets'));\n" +
          "  if (brand.service === 'wdmessenger') {\n" +
          "    const logo = path.join(dir, app.assetFile(brand, 'logo.svg'));\n" +
          "    await Promise.all(['', '.br', '.gz'].map((twin) => rm(logo + twin, { force: true })));\n" +
          '  }\n',
      },
    ],
  },
  {
    name: 'a brand whose accent is not applied',
    why:
      "rapidoc's baked brand stylesheet is empty: its page keeps the neutral grey accent instead of " +
      'its green; every other brand is fine.',
    edits: [
      {
        file: 'scripts/lib/emit-brand.ts',
        find: '  const css = brandStylesheet(brand);\n',
        replace: "  const css = brand.service === 'rapidoc' ? ':root{}\\n' : brandStylesheet(brand);\n",
      },
    ],
  },
  {
    name: 'PayPal before the payment',
    why:
      "a-ident starts PayPal's SDK while the resolver answers, to save time: PayPal hears of every " +
      'visitor, also of those who owe nothing (docs/privacy.md).',
    edits: [
      {
        file: 'src/app/resolver-step.ts',
        find: '  parts.prefetchPaymentView().catch(() => undefined);\n',
        replace:
          '  parts.prefetchPaymentView().catch(() => undefined);\n' +
          '  void preloading.then((preload) =>\n' +
          '    preload?.preloadPayPalSdk({ sponsor: undefined, sdkBaseUrl: input.sdkBaseUrl }),\n' +
          '  );\n',
      },
    ],
  },
  {
    name: 'token over plain http',
    why:
      'Every redirect target may be plain http, not only the local demo hosts: a resolver answer ' +
      'sends the visitor and their id token to http://evil.example in the clear.',
    edits: [
      {
        file: 'src/lib/safe-url.ts',
        find: "  const allowedProtocol =\n    url.protocol === 'https:' || (__DEMO_BUILD__ && url.protocol === 'http:' && isLoopbackHost(url.hostname));\n",
        replace: "  const allowedProtocol = url.protocol === 'https:' || url.protocol === 'http:';\n",
      },
    ],
  },
];
