import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { send, useDemo } from './demo-fixtures.ts';

// The page's payment through the stand-in (its frame and buttons by title and name, approve and
// capture, cancel by its button, the payment error, the styled sizes under the page's policy) is
// the browser suite's, every run: e2e/a-ident/resolver-and-payment.spec.ts. Here: what it
// draws and does that no flow of the page shows.

interface OrderActions {
  order: { create: (order: object) => Promise<string> };
}
interface ApproveActions {
  order: { capture: () => Promise<unknown> };
}
interface ButtonProps {
  createOrder?: (data: object, actions: OrderActions) => Promise<string> | string;
  onApprove: (data: { orderID: string; payerID: string }, actions: ApproveActions) => Promise<void> | void;
  onCancel?: (data: { orderID: string }) => void;
  onError?: (error: { message: string }) => void;
  onInit?: (data: object, actions: { enable: () => Promise<void>; disable: () => Promise<void> }) => void;
}
interface ButtonsInstance {
  render: (container: string | Element) => Promise<void>;
  close: () => Promise<void>;
  updateProps: () => Promise<void>;
}
interface PayPalStandIn {
  Buttons: (props: ButtonProps) => ButtonsInstance;
}

const demo = useDemo();
let source: string;

beforeAll(async () => {
  source = (await send(demo.port, '/dev/paypal/sdk/js', { host: `a-ident.localhost:${demo.port}` })).body;
});

/**
 * A page with the container and the stand-in's script tag as PayPal's loader inserts it, loaded
 * from the demo server, so it runs with document.currentScript set.
 */
async function loadStandIn() {
  const page = `http://127.0.0.1:${demo.port}/a-ident/`;
  const dom = new JSDOM(
    `<!doctype html><html><head><script src="dev/paypal/sdk/js?client-id=sb-demo"></script></head><body><div id="paypal-buttons"></div></body></html>`,
    { url: page, runScripts: 'dangerously', resources: 'usable' },
  );
  await new Promise((resolve) => dom.window.addEventListener('load', resolve));
  const paypal = (dom.window as unknown as { paypal?: PayPalStandIn }).paypal;
  if (!paypal) throw new Error('the stand-in did not define window.paypal');
  return { paypal, document: dom.window.document, window: dom.window };
}

async function renderButtons() {
  const page = await loadStandIn();
  const handlers = {
    createOrder: vi.fn((_data: object, actions: OrderActions) => actions.order.create({ intent: 'CAPTURE' })),
    onApprove: vi.fn(async (_data: { orderID: string }, actions: ApproveActions) => {
      await actions.order.capture();
    }),
    onCancel: vi.fn(),
    onError: vi.fn(),
    onInit: vi.fn(),
  };
  const buttons = page.paypal.Buttons(handlers);
  await buttons.render('#paypal-buttons');
  const box = page.document.querySelector('#paypal-buttons > div');
  const component = box?.querySelector<HTMLIFrameElement>(':scope > iframe.component-frame');
  const frameDocument = component?.contentDocument;
  if (!box || !frameDocument) throw new Error('the stand-in drew no button frame');
  const button = (name: RegExp) => {
    const found = [...frameDocument.querySelectorAll('button')].find((b) => name.test(b.textContent));
    if (!found) throw new Error(`no button ${name.source}`);
    return found;
  };
  return { ...page, buttons, handlers, box, frameDocument, button };
}

/** The checkout overlay the pay button opens, and its two buttons. */
function overlayOf(document: Document) {
  const overlay = document.querySelector<HTMLElement>('[role="dialog"]');
  const [confirm, cancel] = overlay?.querySelectorAll('button') ?? [];
  return { overlay, confirm, cancel };
}

async function openCheckout() {
  const page = await renderButtons();
  page.button(/bezahlen/).click();
  await vi.waitFor(() => expect(overlayOf(page.document).overlay).not.toBeNull());
  return { ...page, ...overlayOf(page.document) };
}

describe('the PayPal stand-in', () => {
  test('is served as JavaScript on every brand host and below every brand path', async () => {
    for (const [target, host] of [
      ['/dev/paypal/sdk/js', `a-ident.localhost:${demo.port}`],
      ['/a-dok/dev/paypal/sdk/js', undefined],
    ] as const) {
      const answer = await send(demo.port, target, { host });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      // Cacheable as PayPal's CDN answers, so the page's preload is what its <script> runs.
      expect(answer.headers['cache-control']).toBe('public, max-age=3600');
      expect(answer.body).toBe(source);
    }
  });

  test('sizes its frames only by a <style> whose text carries a random id per render, as zoid does', async () => {
    const { box, document, paypal } = await renderButtons();
    expect(box.id).toMatch(/^zoid-paypal-buttons-uid_[0-9a-f]{10}$/);
    const style = box.querySelector(':scope > style')?.textContent ?? '';
    expect(style).toContain(
      `#${box.id} > iframe { position: absolute; top: 0; left: 0; width: 100%; height: 100%;`,
    );
    for (const frame of box.querySelectorAll('iframe')) {
      expect(frame.getAttribute('style')).toBeNull();
      expect(frame.hasAttribute('width') || frame.hasAttribute('height')).toBe(false);
    }

    await paypal.Buttons({ onApprove: () => undefined }).render('#paypal-buttons');
    const ids = [...document.querySelectorAll('#paypal-buttons > div')].map((element) => element.id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).not.toBe(ids[0]);
  });

  test('draws a loading frame over the buttons, out of the accessibility tree and the tab order, that then goes', async () => {
    const { box, handlers } = await renderButtons();
    expect(handlers.onInit).toHaveBeenCalledTimes(1);
    const loading = box.querySelector<HTMLIFrameElement>('iframe.prerender-frame');
    expect(loading?.classList.contains('invisible')).toBe(true);
    expect(loading?.getAttribute('aria-hidden')).toBe('true');
    expect(loading?.tabIndex).toBe(-1);
    await vi.waitFor(() => expect(box.querySelector('iframe.prerender-frame')).toBeNull(), {
      timeout: 10_000,
    });
  });

  test('opens the checkout overlay over the page, styled by its own per-render <style>', async () => {
    const { overlay, confirm, cancel, document, handlers } = await openCheckout();
    expect(overlay?.id).toMatch(/^zoid-paypal-checkout-uid_[0-9a-f]{10}$/);
    expect(overlay?.querySelector('style')?.textContent).toContain(
      `#${overlay?.id} { position: fixed; inset: 0;`,
    );
    expect(confirm?.textContent).toBe('Zahlung bestätigen (Platzhalter)');
    expect(cancel?.textContent).toBe('Zahlung abbrechen (Platzhalter)');
    expect(document.activeElement).toBe(confirm);
    expect(document.getElementById(overlay?.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'bestätigt der Käufer die Zahlung',
    );
    expect(handlers.createOrder).toHaveBeenCalledTimes(1);
  });

  test('keeps Tab inside the overlay, as a modal dialog does', async () => {
    const { confirm, cancel, document, window } = await openCheckout();
    const tab = (from: Element | undefined, shiftKey: boolean) =>
      from?.dispatchEvent(
        new window.KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true }),
      );
    cancel?.focus();
    expect(tab(cancel, false)).toBe(false);
    expect(document.activeElement).toBe(confirm);
    expect(tab(confirm, true)).toBe(false);
    expect(document.activeElement).toBe(cancel);
    // Between the two buttons Tab is the browser's own.
    confirm?.focus();
    expect(tab(confirm, false)).toBe(true);
  });

  test('gives focus back to the pay button when the overlay closes', async () => {
    const { cancel, frameDocument, button } = await openCheckout();
    cancel?.click();
    expect(frameDocument.activeElement).toBe(button(/bezahlen/));
  });

  // Its cancel button is the browser suite's.
  test('closing the overlay with Escape cancels with the order id', async () => {
    const page = await openCheckout();
    page.confirm?.dispatchEvent(new page.window.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.waitFor(() => expect(page.handlers.onCancel).toHaveBeenCalledTimes(1));
    expect(page.handlers.onCancel.mock.calls[0]?.[0]).toMatchObject({
      orderID: expect.stringMatching(/^DEMO-ORDER-/),
    });
    expect(page.handlers.onApprove).not.toHaveBeenCalled();
    expect(overlayOf(page.document).overlay).toBeNull();
  });

  test('reports a failing onApprove as an error', async () => {
    const { confirm, handlers } = await openCheckout();
    handlers.onApprove.mockRejectedValueOnce(new Error('capture refused'));
    confirm?.click();
    await vi.waitFor(() => expect(handlers.onError).toHaveBeenCalledTimes(1));
    expect(handlers.onError.mock.calls[0]?.[0]).toMatchObject({ message: 'capture refused' });
  });

  test('close() takes its box and any overlay off the page', async () => {
    const { buttons, document } = await openCheckout();
    await buttons.close();
    expect(document.querySelector('#paypal-buttons')?.children).toHaveLength(0);
    expect(overlayOf(document).overlay).toBeNull();
  });

  test('refuses to render without a container', async () => {
    const { paypal } = await loadStandIn();
    await expect(paypal.Buttons({ onApprove: () => undefined }).render('#missing')).rejects.toMatchObject({
      message: expect.stringContaining('no container'),
    });
  });
});
