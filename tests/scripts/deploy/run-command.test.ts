import { expect, test } from 'vitest';
import { commandFailed, runCommand } from '../../../scripts/deploy/run-command.ts';

test('a command’s exit code and its output, stdout and stderr together', async () => {
  expect(await runCommand(['sh', '-c', 'echo checked; echo "test failed" >&2; exit 3'])).toEqual({
    code: 3,
    output: 'checked\ntest failed\n',
  });
});

test('runs in the folder it is given', async () => {
  expect(await runCommand(['pwd'], '/')).toEqual({ code: 0, output: '/\n' });
});

test('a command that is not installed ends without an exit code, saying why', async () => {
  const result = await runCommand(['login-gateway-no-such-command']);
  expect(result.code).toBeNull();
  expect(result.output).toMatch(/ENOENT/);
  expect(commandFailed(['login-gateway-no-such-command'], result, 'Nothing changed.').message).toMatch(
    /^`login-gateway-no-such-command` did not run to an end:\n {2}spawn .*ENOENT\nNothing changed\.$/,
  );
});
