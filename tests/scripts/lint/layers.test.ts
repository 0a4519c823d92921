import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, test } from 'vitest';
import { architecture } from '../../../scripts/lint/layers.js';

RuleTester.describe = describe;
RuleTester.it = test;
RuleTester.itOnly = test.only;

const root = process.cwd();
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, sourceType: 'module' } });
const rule = architecture.rules.layers;

tester.run('layers', rule, {
  valid: [
    {
      name: 'app imports a feature',
      filename: at('src/app/app.tsx'),
      code: "import '../features/config/api/get-config.ts';",
    },
    {
      name: 'a feature imports its own api',
      filename: at('src/features/verify/verify-view.tsx'),
      code: "import './api/verify-code.ts';",
    },
    {
      name: 'a feature imports lib, components and types',
      filename: at('src/features/method/method-view.tsx'),
      code: "import '../../lib/messages.ts'; import '../../components/view-title.tsx'; import '../../types/login-method.ts';",
    },
    {
      name: 'lib imports lib',
      filename: at('src/lib/safe-redirect.ts'),
      code: "import './redirect-hosts.ts';",
    },
    {
      name: 'the preview composes like app',
      filename: at('src/preview/preview-frame.tsx'),
      code: "import '../app/lazy-steps.ts'; import '../features/method/method-view.tsx';",
    },
    {
      name: 'the loaders load chunks',
      filename: at('src/app/lazy-steps.ts'),
      code: "export const load = () => import('../features/payment/payment-view.tsx');",
    },
    {
      name: 'packages are not layers',
      filename: at('src/lib/firebase-auth.ts'),
      code: "import 'firebase/auth';",
    },
    {
      name: 'scripts are not src',
      filename: at('scripts/lib/bake-html.ts'),
      code: "import '../../src/app/flow.ts'; const x = () => import('./csp.ts');",
    },
  ],
  invalid: [
    {
      name: 'a feature imports another feature',
      filename: at('src/features/verify/verify-view.tsx'),
      code: "import '../send-code/send-code-view.tsx';",
      errors: [{ messageId: 'upward' }],
    },
    {
      name: 'a feature api imports another feature',
      filename: at('src/features/send-code/api/send-sms-code.ts'),
      code: "import type { X } from '../../config/api/get-config.ts';",
      errors: [{ messageId: 'upward' }],
    },
    {
      name: 'a feature re-exports another feature',
      filename: at('src/features/verify/x.ts'),
      code: "export { a } from '../payment/preload-paypal.ts';",
      errors: [{ messageId: 'upward' }],
    },
    {
      name: 'a feature imports app',
      filename: at('src/features/verify/x.ts'),
      code: "import '../../app/flow.ts';",
      errors: [{ messageId: 'upward' }],
    },
    {
      name: 'lib imports a feature',
      filename: at('src/lib/x.ts'),
      code: "import '../features/config/api/get-config.ts';",
      errors: [{ messageId: 'upward' }],
    },
    {
      name: 'lib imports a component',
      filename: at('src/lib/x.ts'),
      code: "import '../components/spinner.tsx';",
      errors: [{ messageId: 'upward' }],
    },
    {
      name: 'a component imports a feature',
      filename: at('src/components/x.tsx'),
      code: "import '../features/method/method-view.tsx';",
      errors: [{ messageId: 'upward' }],
    },
    {
      name: 'types import lib',
      filename: at('src/types/x.ts'),
      code: "import '../lib/limits.ts';",
      errors: [{ messageId: 'upward' }],
    },
    {
      name: 'a layer imports an entry point',
      filename: at('src/app/x.ts'),
      code: "import '../main.tsx';",
      errors: [{ messageId: 'upward' }],
    },
    {
      name: 'a chunk loader outside lazy-steps',
      filename: at('src/app/login-flow.tsx'),
      code: "const load = () => import('../features/verify/verify-view.tsx');",
      errors: [{ messageId: 'loader' }],
    },
    {
      name: 'a feature loads a chunk of its own',
      filename: at('src/features/verify/x.ts'),
      code: "const load = () => import('./confirm-phone-code.ts');",
      errors: [{ messageId: 'loader' }],
    },
  ],
});

tester.run('extensions', architecture.rules.extensions, {
  valid: [
    { name: 'a file with its extension', code: "import './flow.ts'; import '../x/y.tsx'; import './a.css';" },
    { name: 'a package', code: "import 'react'; import 'zod/mini';" },
    { name: 'a dotted name with its extension', code: "import '../../eslint.config.js';" },
  ],
  invalid: [
    { name: 'a file without extension', code: "import './flow';", errors: [{ messageId: 'missing' }] },
    {
      name: 'a re-export without extension',
      code: "export * from '../lib/mask';",
      errors: [{ messageId: 'missing' }],
    },
    {
      name: 'a chunk without extension',
      code: "const x = () => import('./a/b');",
      errors: [{ messageId: 'missing' }],
    },
  ],
});

tester.run('product-apart', architecture.rules['product-apart'], {
  valid: [
    {
      name: 'a tool imports the build',
      filename: at('tools/start.ts'),
      code: "import '../scripts/lib/load-brands.ts';",
    },
    {
      name: 'a test imports a tool',
      filename: at('e2e/support/global-setup.ts'),
      code: "import '../../tools/demo/ports.ts';",
    },
    {
      name: 'the build imports the build',
      filename: at('scripts/build.ts'),
      code: "import './lib/demo-build.ts';",
    },
  ],
  invalid: [
    {
      name: 'the build imports a demo server',
      filename: at('scripts/build.ts'),
      code: "import { x } from '../tools/demo/demo-server.ts';",
      errors: [{ messageId: 'tool', data: { from: 'scripts' } }],
    },
    {
      name: 'the page loads a tool lazily',
      filename: at('src/app/lazy-steps.ts'),
      code: "const x = () => import('../../tools/bench/first-view.ts');",
      errors: [{ messageId: 'tool', data: { from: 'src' } }],
    },
  ],
});
