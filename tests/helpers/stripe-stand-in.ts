import { randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeSettings } from '#server/config.ts';

// Stripe's servers cannot be reached from this machine: this local HTTP server
// stands in for the one call the site makes, POST /v1/checkout/sessions,
// answering in Stripe's shape (form-encoded request, JSON Checkout Session).
// Webhooks are signed with the official `stripe` package's test-header helper,
// with the same secret the site is configured with.

export const STRIPE_TEST_KEY = 'sk_test_linkverse_stand_in';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_linkverse_stand_in';

/** The site's payment settings for a test, its Stripe client pointed at the stand-in. */
export function stripeTestSettings(standIn: StripeStandIn, origin: string): StripeSettings {
  return { secretKey: STRIPE_TEST_KEY, webhookSecret: STRIPE_TEST_WEBHOOK_SECRET, currency: 'usd', origin, apiUrl: standIn.url };
}

export interface CheckoutRequest {
  /** The form fields as Stripe would read them (`line_items[0][price_data][unit_amount]`, …). */
  fields: Record<string, string>;
  authorization: string | undefined;
}

export interface OpenedSession {
  id: string;
  amount: number;
  currency: string;
  item: string;
  userId: string;
  url: string;
}

export interface StripeStandIn {
  url: string;
  /** Every Checkout Session asked for, in order. */
  requests: CheckoutRequest[];
  sessions: OpenedSession[];
  /** Answer the next `times` session requests with Stripe's error shape (a key revoked, Stripe down). */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: CheckoutRequest[] = [];
  const sessions: OpenedSession[] = [];
  let failing: { status: number; times: number } | undefined;
  let url = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // The payment page a browser is sent to: it only says where it stands in.
      const paying = /^\/pay\/(cs_test_\w+)$/.exec(request.url ?? '');
      if (request.method === 'GET' && paying) {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(
          `<!doctype html><title>Stand-in checkout</title><h1>Stand-in for Stripe Checkout</h1><p id="session">${paying[1]}</p>`,
        );
        return;
      }
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.url})` } }));
        return;
      }
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      requests.push({ fields, authorization: request.headers.authorization });
      if (failing && failing.times > 0) {
        response.statusCode = failing.status;
        failing.times -= 1;
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'Stand-in refusal' } }));
        return;
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: OpenedSession = {
        id,
        amount: Number(fields['line_items[0][price_data][unit_amount]']),
        currency: fields['line_items[0][price_data][currency]']!,
        item: fields['metadata[item]']!,
        userId: fields['metadata[userId]']!,
        url: `${url}/pay/${id}`,
      };
      sessions.push(session);
      response.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: session.amount,
          currency: session.currency,
          client_reference_id: fields.client_reference_id ?? null,
          metadata: { item: session.item, userId: session.userId, fromPlan: fields['metadata[fromPlan]'] },
          success_url: fields.success_url,
          cancel_url: fields.cancel_url,
          url: session.url,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    sessions,
    failNext(status, times = 1) {
      failing = { status, times };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const signer = new Stripe(STRIPE_TEST_KEY);

/** A webhook delivery as Stripe makes it: the event's JSON and its Stripe-Signature header. */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; secret?: string; timestamp?: number } = {},
): { payload: string; headers: Record<string, string>; id: string } {
  const id = options.id ?? `evt_${randomBytes(12).toString('hex')}`;
  const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_TEST_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return { payload, id, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

/** The checkout.session.completed object Stripe sends once a session is paid. */
export function paidSession(session: OpenedSession, overrides: Record<string, unknown> = {}) {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: session.amount,
    currency: session.currency,
    metadata: { item: session.item, userId: session.userId },
    payment_intent: `pi_${session.id.slice(8)}`,
    ...overrides,
  };
}

/** The charge.refunded object for a session's payment. */
export function refundedCharge(session: OpenedSession, refunded = true) {
  return {
    id: `ch_${session.id.slice(8)}`,
    object: 'charge',
    amount: session.amount,
    amount_refunded: refunded ? session.amount : 100,
    refunded,
    payment_intent: `pi_${session.id.slice(8)}`,
  };
}
