// Development stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js), served by the demo
// server so the payment step works offline. It offers what @paypal/react-paypal-js uses of
// window.paypal.Buttons and three buttons: approve, cancel and an error. Styles are set through
// the CSSOM, which the page's policy allows; the script itself is a same-origin file.
(function () {
  'use strict';
  var query = new URLSearchParams(document.currentScript ? new URL(document.currentScript.src).search : '');

  function button(label, onClick) {
    var element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.style.display = 'block';
    element.style.width = '100%';
    element.style.minHeight = '2.75rem';
    element.style.margin = '0 0 0.5rem';
    element.style.font = 'inherit';
    element.style.fontWeight = '600';
    element.style.borderRadius = '0.5rem';
    element.style.border = '2px solid #003087';
    element.style.background = '#ffc439';
    element.style.color = '#111827';
    element.style.cursor = 'pointer';
    element.addEventListener('click', onClick);
    return element;
  }

  function Buttons(props) {
    var orderCount = 0;
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
    return {
      isEligible: function () {
        return true;
      },
      render: function (container) {
        var target = typeof container === 'string' ? document.querySelector(container) : container;
        if (!target) return Promise.reject(new Error('PayPal stand-in: no container'));
        var note = document.createElement('p');
        note.textContent =
          'PayPal-Platzhalter (Entwicklung, ' + (query.get('client-id') || 'ohne client-id') + ')';
        note.style.margin = '0 0 0.5rem';
        note.style.fontSize = '0.875rem';
        target.append(
          note,
          button('Mit PayPal bezahlen (Platzhalter)', function () {
            createOrder()
              .then(function (orderID) {
                return props.onApprove(
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
                );
              })
              .catch(fail);
          }),
          button('Zahlung abbrechen (Platzhalter)', function () {
            createOrder().then(function (orderID) {
              if (props.onCancel) props.onCancel({ orderID: orderID });
            }, fail);
          }),
          button('Zahlungsfehler auslösen (Platzhalter)', function () {
            fail(new Error('INSTRUMENT_DECLINED (Platzhalter)'));
          }),
        );
        var resolved = function () {
          return Promise.resolve();
        };
        if (props.onInit) props.onInit({}, { enable: resolved, disable: resolved });
        return Promise.resolve();
      },
      close: function () {
        return Promise.resolve();
      },
      updateProps: function () {
        return Promise.resolve();
      },
    };
  }

  window.paypal = { version: '5.0.0-stand-in', Buttons: Buttons };
})();
