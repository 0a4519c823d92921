import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Builder, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { freePortForChild } from '../../../tools/demo/ports.ts';
import {
  callSource,
  findInPage,
  inspectSource,
  nameForPage,
  selectInTextarea,
  type ElementState,
  type EngineBrowser,
  type EngineElement,
  type EnginePage,
  type Name,
  type Role,
} from './engine.ts';

/** Debian's webkit2gtk-driver and the MiniBrowser of libwebkit2gtk-4.1; both overridable. */
export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const miniBrowserPath =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** MiniBrowser has no headless mode: it draws into a virtual X server (Debian's xvfb). */
export const xvfbPath = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/** Starts a private X server on a free display and answers its number. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  // -displayfd: Xvfb picks a free display itself and writes its number to that descriptor.
  const xvfb = spawn(xvfbPath, ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [chunk] = (await Promise.race([
    once(xvfb.stdout, 'data'),
    once(xvfb, 'exit').then(() => {
      throw new Error(`${xvfbPath} exited before it named its display`);
    }),
  ])) as [Buffer];
  return { display: `:${chunk.toString().trim()}`, process: xvfb };
}

/** Waits until the driver answers its status call. */
async function driverReady(url: string, driver: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (driver.exitCode !== null) throw new Error(`${webkitDriverPath} exited with ${driver.exitCode}`);
    const ready = await fetch(`${url}/status`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${webkitDriverPath} did not answer at ${url}`);
}

/**
 * WebKitGTK through its WebDriver: one X server and one driver per worker, one MiniBrowser per
 * page (a session is a fresh, ephemeral browser), so no page sees another's storage.
 */
export async function launchWebKit(): Promise<EngineBrowser> {
  const xvfb = await startXvfb();
  const port = await freePortForChild();
  const driver = spawn(webkitDriverPath, [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: xvfb.display },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    driver.kill();
    xvfb.process.kill();
  };
  try {
    await driverReady(url, driver);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    name: 'webkit',
    version: process.env.WEBKIT_VERSION ?? 'WebKitGTK',
    async newPage({ colorScheme }) {
      const session = await new Builder()
        .usingServer(url)
        .withCapabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': {
            binary: miniBrowserPath,
            // GTK's dark theme is what WebKitGTK reports as prefers-color-scheme: dark.
            args: ['--automation', ...(colorScheme === 'dark' ? ['--dark-mode'] : [])],
          },
        })
        .build();
      return new WebKitPage(session);
    },
    readConsole: readWebKitConsole,
    async close() {
      stop();
    },
  };
}

/**
 * WebKitGTK writes no console message anywhere while automation drives it, so its console is read
 * from a MiniBrowser of its own, outside WebDriver: with the WebKitSettings switch that writes each
 * message to the terminal ("CONSOLE SECURITY ERROR …"), one tab per URL, with empty data and cache
 * folders. It buffers what it writes until it exits normally, which it does when its X server goes
 * away (a kill would lose the messages): so it gets an X server of its own. Its web and network
 * processes outlive it for a moment and still write to the cache folder, so it runs as a process
 * group, and the whole group is gone before that folder is removed.
 */
async function readWebKitConsole(urls: string[], settleMs: number): Promise<string[]> {
  const home = await mkdtemp(path.join(tmpdir(), 'webkit-console-'));
  const xvfb = await startXvfb();
  let browser: ChildProcess | undefined;
  try {
    const child = spawn(miniBrowserPath, ['--enable-write-console-messages-to-stdout=true', ...urls], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DISPLAY: xvfb.display,
        XDG_DATA_HOME: path.join(home, 'data'),
        XDG_CACHE_HOME: path.join(home, 'cache'),
        XDG_CONFIG_HOME: path.join(home, 'config'),
      },
    });
    browser = child;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit');
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    xvfb.process.kill();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    return output
      .split('\n')
      .filter((line) => /^CONSOLE /.test(line) && !/^CONSOLE \w+ (LOG|INFO|DEBUG) /.test(line));
  } finally {
    xvfb.process.kill();
    if (browser) await endGroup(browser);
    await rm(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

/** Kills a detached child's process group and waits until the group has no process left. */
async function endGroup(child: ChildProcess): Promise<void> {
  const group = -(child.pid ?? 0);
  if (group === 0) return;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      return; // ESRCH: no process of the group is left
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

class WebKitPage implements EnginePage {
  readonly engine = 'webkit' as const;

  constructor(private readonly driver: WebDriver) {}

  consoleMessages() {
    return undefined;
  }

  async goto(url: string) {
    await this.driver.get(url);
  }

  async url() {
    return this.driver.getCurrentUrl();
  }

  async back() {
    await this.driver.navigate().back();
  }

  async forward() {
    await this.driver.navigate().forward();
  }

  async reload() {
    await this.driver.navigate().refresh();
  }

  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    return (await this.driver.executeScript(`return ${callSource(fn as never, args)}`)) as Awaited<T>;
  }

  async find(role: Role, name: Name): Promise<EngineElement | undefined> {
    const element = (await this.driver.executeScript(
      `return ${callSource(findInPage as never, [role, nameForPage(name)])} ?? null`,
    )) as WebElement | null;
    if (!element) return undefined;
    return {
      click: () => element.click(),
      type: (text) => element.sendKeys(text),
      press: (key) => element.sendKeys(key === 'Enter' ? Key.ENTER : Key.TAB),
      paste: () => element.sendKeys(Key.chord(Key.CONTROL, 'v')),
    };
  }

  async inspect(role: Role, name: Name): Promise<ElementState | undefined> {
    return (
      ((await this.driver.executeScript(`return ${inspectSource(role, name)}`)) as ElementState | null) ??
      undefined
    );
  }

  async copyInOtherTab(url: string, text: string) {
    const own = await this.driver.getWindowHandle();
    await this.driver.switchTo().newWindow('tab');
    try {
      await this.driver.get(url);
      await this.driver.executeScript(callSource(selectInTextarea as never, [text]));
      await this.driver.actions().keyDown(Key.CONTROL).sendKeys('c').keyUp(Key.CONTROL).perform();
    } finally {
      await this.driver.close();
      await this.driver.switchTo().window(own);
    }
  }

  async close() {
    await this.driver.quit();
  }
}
