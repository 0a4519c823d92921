import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, test } from 'vitest';
import { architecture } from '../../../scripts/lint/extensions.js';

RuleTester.describe = describe;
RuleTester.it = test;
RuleTester.itOnly = test.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, sourceType: 'module' } });

tester.run('extensions', architecture.rules.extensions, {
  valid: [
    { name: 'a file with its extension', code: "import './flow.ts'; import '../x/y.tsx'; import './a.css';" },
    { name: 'a package', code: "import 'react'; import 'zod/mini';" },
    { name: 'a dotted name with its extension', code: "import '../../eslint.config.js';" },
    { name: 'a chunk with its extension', code: "const x = () => import('./a/b.ts');" },
  ],
  invalid: [
    { name: 'a file without extension', code: "import './flow';", errors: [{ messageId: 'missing' }] },
    {
      name: 'a re-export without extension',
      code: "export * from '../lib/mask';",
      errors: [{ messageId: 'missing' }],
    },
    {
      name: 'a named re-export without extension',
      code: "export { a } from './a.b/c';",
      errors: [{ messageId: 'missing' }],
    },
    {
      name: 'a chunk without extension',
      code: "const x = () => import('./a/b');",
      errors: [{ messageId: 'missing' }],
    },
    { name: 'a folder', code: "import '..';", errors: [{ messageId: 'missing' }] },
  ],
});
