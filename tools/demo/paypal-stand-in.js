// Development stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js), served by the demo
// server so the payment step works offline. It offers what @paypal/react-paypal-js uses of
// window.paypal.Buttons, and it does to the page what PayPal's zoid container does
// (paypal-checkout-components, src/zoid/buttons/container.jsx), so a page policy that would break
// the real button breaks this one too:
// - each render adds a <style> whose text carries a random id, and only that style sizes the two
//   frames; without it they fall back to 300 × 150 px and spill out of the box;
// - the buttons are drawn inside an iframe, and a loading frame (about:blank, which inherits the
//   page's policy) sits on top of it until the buttons are ready, each with a <style> of its own;
// - paying opens the checkout overlay, again styled by a <style> with a random id, where the
//   visitor confirms or cancels, as they would in PayPal's popup.
(function () {
  'use strict';
  var query = new URLSearchParams(document.currentScript ? new URL(document.currentScript.src).search : '');

  /** zoid's element ids: a prefix and a random uid per render. */
  function uid(prefix) {
    var bytes = new Uint8Array(5);
    crypto.getRandomValues(bytes);
    var hex = Array.prototype.map
      .call(bytes, function (byte) {
        return (byte + 0x100).toString(16).slice(1);
      })
      .join('');
    return prefix + '-uid_' + hex;
  }

  function element(doc, tag, properties, children) {
    var node = doc.createElement(tag);
    Object.keys(properties || {}).forEach(function (name) {
      if (name === 'className' || name === 'textContent' || name === 'type') node[name] = properties[name];
      else node.setAttribute(name, properties[name]);
    });
    (children || []).forEach(function (child) {
      node.append(child);
    });
    return node;
  }

  /** An about:blank frame drawn by script, as zoid's prerender frame is. */
  function frame(className, title) {
    return element(document, 'iframe', { className: className, title: title, scrolling: 'no' });
  }

  /** Writes a <style> and body content into a frame's document; they live under the page's policy. */
  function draw(iframe, css, build) {
    var doc = iframe.contentDocument;
    if (!doc) return undefined;
    doc.head.append(element(doc, 'style', { textContent: css }));
    var body = build(doc);
    doc.body.replaceChildren(body);
    return doc;
  }

  var FRAME_CSS =
    'html, body { margin: 0; padding: 0; background: transparent; }' +
    'body { font: 16px system-ui, sans-serif; color: #111827; }' +
    '.buttons { display: flex; flex-direction: column; gap: 8px; padding: 4px; }' +
    '.note { margin: 0; font-size: 13px; }' +
    'button { min-height: 44px; border: 0; border-radius: 4px; font: inherit; font-weight: 600;' +
    ' background: #ffc439; color: #111827; cursor: pointer; }' +
    'button.secondary { background: #2c2e2f; color: #ffffff; }' +
    'button:focus-visible { outline: 3px solid #0b5cad; outline-offset: -3px; }' +
    '.spinner { margin: 12px auto; width: 24px; height: 24px; border-radius: 50%;' +
    ' border: 3px solid #d1d5db; border-top-color: #003087; animation: spin 0.8s linear infinite; }' +
    '@keyframes spin { to { transform: rotate(360deg); } }' +
    '@media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }';

  function containerCss(id) {
    return (
      '#' +
      id +
      ' { position: relative; display: inline-block; width: 100%; min-height: 35px;' +
      ' min-width: 150px; font-size: 0; }' +
      '#' +
      id +
      ' > iframe { position: absolute; top: 0; left: 0; width: 100%; height: 100%; border: 0; }' +
      '#' +
      id +
      ' > iframe.component-frame { z-index: 100; }' +
      '#' +
      id +
      ' > iframe.prerender-frame { transition: opacity .2s linear; z-index: 200; }' +
      '#' +
      id +
      ' > iframe.visible { opacity: 1; }' +
      '#' +
      id +
      ' > iframe.invisible { opacity: 0; pointer-events: none; }'
    );
  }

  function overlayCss(id) {
    return (
      '#' +
      id +
      ' { position: fixed; inset: 0; z-index: 2147483647; display: flex;' +
      ' align-items: center; justify-content: center; background: rgba(0, 0, 0, 0.8); }' +
      '#' +
      id +
      ' .paypal-checkout-modal { max-width: 320px; padding: 24px; border-radius: 8px;' +
      ' background: #ffffff; color: #111827; font: 16px system-ui, sans-serif; text-align: center; }' +
      '#' +
      id +
      ' button { display: block; width: 100%; min-height: 44px; margin-top: 12px; border: 0;' +
      ' border-radius: 4px; font: inherit; font-weight: 600; background: #ffc439; color: #111827; }' +
      '#' +
      id +
      ' button.paypal-checkout-close { background: #e5e7eb; }' +
      '#' +
      id +
      ' button:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }'
    );
  }

  /**
   * zoid resizes the box, through the CSSOM, to the height its frame reports, and again whenever
   * that changes (a narrower window, larger text), so the buttons are never cut off.
   */
  function fitHeight(container, doc) {
    var content = doc.body.firstElementChild;
    var fit = function () {
      container.style.height = Math.ceil(content.getBoundingClientRect().height) + 'px';
    };
    fit();
    var Observer = doc.defaultView && doc.defaultView.ResizeObserver;
    if (Observer) new Observer(fit).observe(content);
  }

  function Buttons(props) {
    var orderCount = 0;
    var container;
    var overlay;
    var opener;
    var actions = {
      order: {
        create: function () {
          orderCount += 1;
          return Promise.resolve('DEMO-ORDER-' + Date.now() + '-' + orderCount);
        },
      },
    };

    function createOrder() {
      return props.createOrder
        ? Promise.resolve(props.createOrder({ paymentSource: 'paypal' }, actions))
        : Promise.resolve('DEMO-ORDER');
    }
    function fail(error) {
      if (props.onError) props.onError(error);
    }
    /** Takes the overlay away and gives focus back to the button that opened it. */
    function closeOverlay() {
      if (overlay) overlay.remove();
      overlay = undefined;
      if (opener && opener.isConnected) opener.focus();
    }

    /** PayPal's checkout overlay over the page, standing in for its popup window. */
    function openCheckout(orderID, from) {
      closeOverlay();
      opener = from;
      var id = uid('zoid-paypal-checkout');
      var confirm = element(document, 'button', {
        type: 'button',
        textContent: 'Zahlung bestätigen (Platzhalter)',
      });
      var cancel = element(document, 'button', {
        type: 'button',
        className: 'paypal-checkout-close',
        textContent: 'Zahlung abbrechen (Platzhalter)',
      });
      overlay = element(
        document,
        'div',
        {
          id: id,
          className: 'paypal-checkout-sandbox',
          role: 'dialog',
          'aria-modal': 'true',
          'aria-label': 'PayPal (Platzhalter)',
          'aria-describedby': id + '-text',
        },
        [
          element(document, 'style', { textContent: overlayCss(id) }),
          element(document, 'div', { className: 'paypal-checkout-modal' }, [
            element(document, 'p', {
              id: id + '-text',
              textContent: 'PayPal-Fenster (Platzhalter): hier bestätigt der Käufer die Zahlung.',
            }),
            confirm,
            cancel,
          ]),
        ],
      );
      confirm.addEventListener('click', function () {
        closeOverlay();
        Promise.resolve(
          props.onApprove(
            { orderID: orderID, payerID: 'DEMO-PAYER' },
            {
              order: {
                capture: function () {
                  return Promise.resolve({
                    id: 'DEMO-CAPTURE-' + Date.now(),
                    status: 'COMPLETED',
                    orderID: orderID,
                  });
                },
              },
            },
          ),
        ).catch(fail);
      });
      function cancelled() {
        closeOverlay();
        if (props.onCancel) props.onCancel({ orderID: orderID });
      }
      cancel.addEventListener('click', cancelled);
      overlay.addEventListener('keydown', function (event) {
        if (event.key === 'Escape') cancelled();
        // A modal dialog keeps Tab inside itself.
        if (event.key !== 'Tab') return;
        var edge = event.shiftKey ? confirm : cancel;
        if (document.activeElement !== edge) return;
        event.preventDefault();
        (event.shiftKey ? cancel : confirm).focus();
      });
      document.body.append(overlay);
      confirm.focus();
    }

    function drawButtons(doc) {
      var pay = element(doc, 'button', { type: 'button', textContent: 'Mit PayPal bezahlen (Platzhalter)' });
      var decline = element(doc, 'button', {
        type: 'button',
        className: 'secondary',
        textContent: 'Zahlungsfehler auslösen (Platzhalter)',
      });
      pay.addEventListener('click', function () {
        createOrder().then(function (orderID) {
          openCheckout(orderID, pay);
        }, fail);
      });
      decline.addEventListener('click', function () {
        fail(new Error('INSTRUMENT_DECLINED (Platzhalter)'));
      });
      var note = element(doc, 'p', {
        className: 'note',
        textContent: 'PayPal-Platzhalter (Entwicklung, ' + (query.get('client-id') || 'ohne client-id') + ')',
      });
      return element(doc, 'div', { className: 'buttons' }, [note, pay, decline]);
    }

    return {
      isEligible: function () {
        return true;
      },
      render: function (target) {
        var parent = typeof target === 'string' ? document.querySelector(target) : target;
        if (!parent) return Promise.reject(new Error('PayPal stand-in: no container'));
        var id = uid('zoid-paypal-buttons');
        var component = frame('component-frame invisible', 'PayPal');
        var prerender = frame('prerender-frame visible', 'PayPal wird geladen');
        container = element(
          document,
          'div',
          {
            id: id,
            className:
              'paypal-buttons paypal-buttons-context-iframe paypal-buttons-label-pay paypal-buttons-layout-vertical',
          },
          [element(document, 'style', { textContent: containerCss(id) }), component, prerender],
        );
        parent.append(container);
        draw(prerender, FRAME_CSS, function (doc) {
          return element(doc, 'div', {
            className: 'spinner',
            role: 'status',
            'aria-label': 'PayPal wird geladen',
          });
        });
        var drawn = container;
        return new Promise(function (resolve) {
          // The real component frame arrives from PayPal a moment later.
          setTimeout(function () {
            if (container !== drawn) return resolve();
            var doc = draw(component, FRAME_CSS, drawButtons);
            if (doc) fitHeight(container, doc);
            component.classList.replace('invisible', 'visible');
            prerender.classList.replace('visible', 'invisible');
            prerender.setAttribute('aria-hidden', 'true');
            prerender.tabIndex = -1;
            setTimeout(function () {
              prerender.remove();
            }, 1000);
            var enabled = function () {
              return Promise.resolve();
            };
            if (props.onInit) props.onInit({}, { enable: enabled, disable: enabled });
            resolve();
          }, 0);
        });
      },
      close: function () {
        closeOverlay();
        if (container) container.remove();
        container = undefined;
        return Promise.resolve();
      },
      updateProps: function () {
        return Promise.resolve();
      },
    };
  }

  window.paypal = { version: '5.0.0-stand-in', Buttons: Buttons };
})();
