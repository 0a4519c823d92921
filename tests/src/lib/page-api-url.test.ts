import { expect, test } from 'vitest';
import { besidePage } from '../../../src/lib/page-api-url.ts';

test.each([
  ['a page at the root', 'https://login.example/?service=a-dok', 'https://login.example/api/config'],
  [
    'a page in a folder',
    'https://login.example/login/?service=a-dok',
    'https://login.example/login/api/config',
  ],
  [
    'a page named by its file',
    'https://login.example/login/index.html',
    'https://login.example/login/api/config',
  ],
  ['a page with a fragment', 'https://login.example/#api', 'https://login.example/api/config'],
  ['a page on a port', 'https://login.example:8443/', 'https://login.example:8443/api/config'],
])('asks %s beside it', (_case, page, expected) => {
  expect(besidePage(new URL(page), 'api/config').href).toBe(expected);
});

// Each page path would make a server see a path that starts with "//", which some answer with a
// redirect to the host it names; the request stays on the page's origin at a plain path.
test.each([
  ['an empty first segment', 'https://login.example//?service=a-dok', 'https://login.example/api/config'],
  [
    'a host as the first segment',
    'https://login.example//evil.example/',
    'https://login.example/evil.example/api/config',
  ],
  [
    'three slashes',
    'https://login.example///evil.example/x/',
    'https://login.example/evil.example/x/api/config',
  ],
  [
    'backslashes, which the parser reads as slashes',
    'https://login.example/\\\\evil.example/',
    'https://login.example/evil.example/api/config',
  ],
  ['slashes inside the path', 'https://login.example/login//x//', 'https://login.example/login/x/api/config'],
  [
    'an encoded slash, which stays a segment',
    'https://login.example/%2F%2Fevil.example/',
    'https://login.example/%2F%2Fevil.example/api/config',
  ],
  [
    'dot segments',
    'https://login.example/a/../..//evil.example/',
    'https://login.example/evil.example/api/config',
  ],
])('keeps a page path with %s on its own origin, without "//"', (_case, page, expected) => {
  const url = besidePage(new URL(page), 'api/config');

  expect(url.href).toBe(expected);
  expect(url.origin).toBe('https://login.example');
  expect(url.pathname).not.toMatch(/\/\//);
});
