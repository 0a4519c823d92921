import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { makeDemoWorld, send, startDemo, type DemoWorld, type RunningDemo } from './demo-fixtures.ts';

/** Just the DOM the stand-in touches: elements with style, text, children and a click listener. */
class FakeElement {
  readonly children: FakeElement[] = [];
  readonly style: Record<string, string> = {};
  textContent = '';
  type = '';
  #onClick: (() => void) | undefined;

  constructor(readonly tagName: string) {}

  addEventListener(type: string, listener: () => void): void {
    if (type === 'click') this.#onClick = listener;
  }

  append(...nodes: FakeElement[]): void {
    this.children.push(...nodes);
  }

  click(): void {
    this.#onClick?.();
  }
}

interface OrderActions {
  order: { create: (order: object) => Promise<string> };
}
interface ApproveActions {
  order: { capture: () => Promise<{ id: string; status: string; orderID: string }> };
}
interface ButtonProps {
  createOrder?: (data: object, actions: OrderActions) => Promise<string> | string;
  onApprove: (data: { orderID: string; payerID: string }, actions: ApproveActions) => Promise<void> | void;
  onCancel?: (data: { orderID: string }) => void;
  onError?: (error: { message: string }) => void;
  onInit?: (data: object, actions: { enable: () => Promise<void>; disable: () => Promise<void> }) => void;
}
interface ButtonsInstance {
  isEligible: () => boolean;
  render: (container: string | FakeElement) => Promise<void>;
  close: () => Promise<void>;
  updateProps: () => Promise<void>;
}
interface PayPalStandIn {
  version: string;
  Buttons: (props: ButtonProps) => ButtonsInstance;
}

let world: DemoWorld;
let demo: RunningDemo;
let source: string;

beforeAll(async () => {
  world = await makeDemoWorld();
  demo = await startDemo(world);
  source = (await send(demo.port, '/dev/paypal/sdk/js', { host: `a-ident.localhost:${demo.port}` })).body;
});
afterAll(async () => {
  await demo.stop();
  await world.remove();
});

/** Runs the stand-in as a classic script in a fresh context, as the page's script tag would. */
function loadStandIn(scriptSrc = 'http://a-ident.localhost:8080/dev/paypal/sdk/js?client-id=sb-demo') {
  const container = new FakeElement('div');
  const document = {
    currentScript: { src: scriptSrc },
    createElement: (tagName: string) => new FakeElement(tagName),
    querySelector: (selector: string) => (selector === '#paypal-buttons' ? container : null),
  };
  const window: { paypal?: PayPalStandIn } = {};
  runInNewContext(source, { window, document, URL, URLSearchParams });
  if (!window.paypal) throw new Error('the stand-in did not define window.paypal');
  return { paypal: window.paypal, container };
}

async function renderButtons() {
  const { paypal, container } = loadStandIn();
  const captures: { id: string; status: string; orderID: string }[] = [];
  const handlers = {
    createOrder: vi.fn((_data: object, actions: OrderActions) => actions.order.create({ intent: 'CAPTURE' })),
    onApprove: vi.fn(async (_data: { orderID: string }, actions: ApproveActions) => {
      captures.push(await actions.order.capture());
    }),
    onCancel: vi.fn(),
    onError: vi.fn(),
    onInit: vi.fn(),
  };
  await paypal.Buttons(handlers).render('#paypal-buttons');
  const [note, pay, cancel, fail] = container.children;
  if (!note || !pay || !cancel || !fail) throw new Error('the stand-in drew fewer than four elements');
  return { handlers, captures, container, note, pay, cancel, fail };
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
      // Cacheable as PayPal's CDN answers, so the page's prefetch is what its <script> runs.
      expect(answer.headers['cache-control']).toBe('public, max-age=3600');
      expect(answer.body).toBe(source);
    }
  });

  test('defines window.paypal.Buttons, always eligible', () => {
    const { paypal } = loadStandIn();
    expect(paypal.version).toContain('stand-in');
    const buttons = paypal.Buttons({ onApprove: () => undefined });
    expect(buttons.isEligible()).toBe(true);
  });

  test('draws a note with the client id and three buttons, and calls onInit', async () => {
    const { note, pay, cancel, fail, handlers } = await renderButtons();
    expect(note.textContent).toBe('PayPal-Platzhalter (Entwicklung, sb-demo)');
    expect([pay, cancel, fail].map((button) => [button.tagName, button.type])).toEqual([
      ['button', 'button'],
      ['button', 'button'],
      ['button', 'button'],
    ]);
    expect(pay.textContent).toContain('bezahlen');
    expect(cancel.textContent).toContain('abbrechen');
    expect(fail.textContent).toContain('Zahlungsfehler');
    expect(handlers.onInit).toHaveBeenCalledTimes(1);
  });

  test("approves with the page's order and captures it as COMPLETED", async () => {
    const { pay, handlers, captures } = await renderButtons();
    pay.click();
    await vi.waitFor(() => expect(captures).toHaveLength(1));
    expect(handlers.createOrder).toHaveBeenCalledTimes(1);
    const [data] = handlers.onApprove.mock.calls[0] ?? [];
    expect(data).toMatchObject({ orderID: expect.stringMatching(/^DEMO-ORDER-/), payerID: 'DEMO-PAYER' });
    expect(captures[0]).toMatchObject({
      status: 'COMPLETED',
      orderID: data?.orderID,
      id: expect.any(String),
    });
    expect(handlers.onError).not.toHaveBeenCalled();
  });

  test('cancels with the order id', async () => {
    const { cancel, handlers } = await renderButtons();
    cancel.click();
    await vi.waitFor(() => expect(handlers.onCancel).toHaveBeenCalledTimes(1));
    expect(handlers.onCancel.mock.calls[0]?.[0]).toMatchObject({
      orderID: expect.stringMatching(/^DEMO-ORDER-/),
    });
    expect(handlers.onApprove).not.toHaveBeenCalled();
  });

  test('reports a payment error', async () => {
    const { fail, handlers } = await renderButtons();
    fail.click();
    await vi.waitFor(() => expect(handlers.onError).toHaveBeenCalledTimes(1));
    expect(handlers.onError.mock.calls[0]?.[0]).toMatchObject({
      message: expect.stringContaining('INSTRUMENT_DECLINED'),
    });
    expect(handlers.onApprove).not.toHaveBeenCalled();
  });

  test('reports a failing onApprove as an error', async () => {
    const { pay, handlers } = await renderButtons();
    handlers.onApprove.mockRejectedValueOnce(new Error('capture refused'));
    pay.click();
    await vi.waitFor(() => expect(handlers.onError).toHaveBeenCalledTimes(1));
    expect(handlers.onError.mock.calls[0]?.[0]).toMatchObject({ message: 'capture refused' });
  });

  test('refuses to render without a container', async () => {
    const { paypal } = loadStandIn();
    await expect(paypal.Buttons({ onApprove: () => undefined }).render('#missing')).rejects.toMatchObject({
      message: expect.stringContaining('no container'),
    });
  });
});
