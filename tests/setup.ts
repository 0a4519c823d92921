import { configure } from '@testing-library/dom';
import '@testing-library/jest-dom/vitest';

// A view that loads its chunk lazily can take more than Testing Library's default second on a
// loaded two-core machine (a CI run beside a build): waits follow the thing awaited, up to 5 s.
configure({ asyncUtilTimeout: 5_000 });
