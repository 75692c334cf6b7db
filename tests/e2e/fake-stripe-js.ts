import type { Page } from '@playwright/test';
import { E2E_FAKE_STRIPE_URL } from '../../playwright.config';

/**
 * A stand-in for Stripe.js, served where the browser asks for it
 * (https://js.stripe.com/v3/): it mounts a card field and confirms the
 * PaymentIntent against "api.stripe.com", which the test forwards to the
 * local fake of Stripe's API, for the connected account it was loaded for
 * (`stripeAccount`), as Stripe.js does. Nothing is downloaded.
 */
const FAKE_STRIPE_JS = `
window.Stripe = function (publishableKey, options) {
  var account = (options && options.stripeAccount) || '';
  return {
    elements: function (options) {
      var secret = options.clientSecret;
      return {
        create: function () {
          var node;
          return {
            mount: function (target) {
              node = document.createElement('label');
              node.textContent = 'Número de tarjeta';
              var input = document.createElement('input');
              input.name = 'card_number';
              input.setAttribute('aria-label', 'Número de tarjeta');
              node.appendChild(input);
              target.appendChild(node);
            },
            destroy: function () { if (node) node.remove(); },
          };
        },
        submit: function () { return Promise.resolve({}); },
        _secret: secret,
      };
    },
    confirmPayment: function (options) {
      var secret = options.elements._secret;
      var id = secret.split('_secret_')[0];
      var card = document.querySelector('input[name=card_number]').value;
      return fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'client_secret=' + encodeURIComponent(secret) + '&card_number=' + encodeURIComponent(card) + '&key=' + publishableKey + '&stripe_account=' + encodeURIComponent(account),
      }).then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) return { error: body.error };
          window.location.href = options.confirmParams.return_url + '&payment_intent=' + id + '&redirect_status=succeeded';
          return {};
        });
      });
    },
  };
};
`;

/**
 * Serves the stand-in for Stripe.js and forwards its API calls to the fake;
 * answers the list of Stripe.js loads, so a journey can tell when it loaded.
 */
export async function routeFakeStripe(page: Page): Promise<string[]> {
  const loads: string[] = [];
  await page.route('https://js.stripe.com/**', (route) => {
    loads.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS });
  });
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({
      url: `${E2E_FAKE_STRIPE_URL}${url.pathname}${url.search}`,
    });
    return route.fulfill({ response });
  });
  return loads;
}
