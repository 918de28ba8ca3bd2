import type { FastifyInstance, FastifyReply } from "fastify";
import { formatCount, formatMoney } from "@neonlab/shared/format";
import { badRequest, notFound } from "../../errors.ts";
import { PACK_PRICES, SUBSCRIPTION_PRICES } from "./catalog.ts";
import type { TestProvider } from "./test-provider.ts";

// The test provider's own pages, served by the app outside /api (like Stripe's, they belong to the
// provider, not to the API): checkout (Pay / Decline / Cancel) and manage (cancel, reactivate, switch
// plan, payment method). Plain HTML forms, no script; every page says TEST MODE.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const STYLE = `
body{margin:0;font-family:system-ui,sans-serif;background:#0b0f14;color:#e6edf3}
main{max-width:560px;margin:0 auto;padding:24px 16px}
.test{background:#ffb020;color:#111;font-weight:700;text-align:center;padding:10px;letter-spacing:.08em}
.card{background:#121923;border:1px solid #2b3645;border-radius:10px;padding:20px;margin:16px 0}
h1{font-size:1.4rem;margin:0 0 8px}.muted{color:#9fb0c3}.error{color:#ff6b6b;font-weight:600}.ok{color:#3ddc97;font-weight:600}
button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #2b3645;background:#1b2532;color:#e6edf3;cursor:pointer;margin:4px 8px 4px 0}
button.primary{background:#00e5a0;color:#04130d;border-color:#00e5a0;font-weight:700}
label{display:block;padding:8px 0}a{color:#5cc8ff}
.row{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}
`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · NeonLab test payments</title><style>${STYLE}</style></head>
<body><div class="test" role="status">TEST MODE — no real card is charged</div><main>${body}</main></body></html>`;
}

const send = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);

const planName = (priceId: string) => {
  const price = SUBSCRIPTION_PRICES.find((p) => p.id === priceId);
  return price ? `NeonLab Pro (${price.interval === "year" ? "yearly" : "monthly"})` : priceId;
};

function checkoutBody(session: { id: string; mode: string; priceId: string | null; status: string }, error?: string) {
  const action = (what: string) => `/testpay/checkout/${escapeHtml(session.id)}/${what}`;
  if (session.status !== "open")
    return `<h1>This checkout is ${session.status === "paid" ? "paid" : "closed"}</h1><p><a href="/">Back to NeonLab</a></p>`;
  let offer: string;
  if (session.mode === "subscription") {
    const price = SUBSCRIPTION_PRICES.find((p) => p.id === session.priceId);
    offer = price
      ? `<div class="row"><strong>${planName(price.id)}</strong><strong>${formatMoney(price.amount, price.currency)} / ${price.interval}</strong></div>`
      : "";
  } else if (session.priceId) {
    const pack = PACK_PRICES.find((p) => p.id === session.priceId);
    offer = pack
      ? `<div class="row"><strong>${formatCount(pack.neonbits)} NeonBits</strong><strong>${formatMoney(pack.amount, pack.currency)}</strong></div>`
      : "";
  } else {
    offer = `<fieldset style="border:0;padding:0"><legend>Choose a pack</legend>${PACK_PRICES.map(
      (p, i) =>
        `<label><input type="radio" name="priceId" value="${p.id}"${i === 1 ? " checked" : ""}> ${formatCount(p.neonbits)} NeonBits — ${formatMoney(p.amount, p.currency)}</label>`,
    ).join("")}</fieldset>`;
  }
  return `<h1>Checkout</h1><p class="muted">NeonLab's built-in test provider. Pay succeeds with the test card; Decline shows a refused card.</p>
<form method="post" action="${action("pay")}" class="card">${offer}
<p class="muted">Card: 4242 4242 4242 4242 · 12/34 · 123 (test card)</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<button class="primary" type="submit">Pay</button>
<button type="submit" formaction="${action("decline")}">Decline</button>
<button type="submit" formaction="${action("cancel")}">Cancel</button></form>`;
}

function manageBody(
  sessionId: string,
  subs: { id: string; priceId: string; status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date }[],
  done?: string,
) {
  const action = (what: string) => `/testpay/manage/${escapeHtml(sessionId)}/${what}`;
  const rows = subs
    .filter((s) => s.status !== "canceled")
    .map((s) => {
      const other = SUBSCRIPTION_PRICES.find((p) => p.id !== s.priceId);
      const date = s.currentPeriodEnd.toISOString().slice(0, 10);
      return `<form method="post" class="card"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}">
<div class="row"><strong>${planName(s.priceId)}</strong><span>${escapeHtml(s.status)}</span></div>
<p class="muted">${s.cancelAtPeriodEnd ? `Ends on ${date}` : `Renews on ${date}`}</p>
${s.cancelAtPeriodEnd ? `<button formaction="${action("reactivate")}">Reactivate</button>` : `<button formaction="${action("cancel")}">Cancel at period end</button>`}
${other ? `<input type="hidden" name="priceId" value="${other.id}"><button formaction="${action("switch")}">Switch to ${planName(other.id)}</button>` : ""}
</form>`;
    })
    .join("");
  return `<h1>Manage your subscription</h1>${done ? `<p class="ok" role="status">${escapeHtml(done)}</p>` : ""}
${rows || `<p class="card">No active subscription.</p>`}
<form method="post" action="${action("card")}" class="card" id="payment-method"><h2 style="font-size:1.1rem;margin-top:0">Payment method</h2>
<p>Test card •••• 4242, expires 12/34</p><button type="submit">Use another test card</button></form>
<p><a href="/settings?tab=subscription">Back to NeonLab</a></p>`;
}

const DONE: Record<string, string> = {
  cancel: "Your subscription will end at the end of the period.",
  reactivate: "Your subscription will renew.",
  switch: "Your plan was switched.",
  card: "Your payment method was updated.",
};

export async function testProviderPages(app: FastifyInstance, provider: TestProvider, isProduction: boolean) {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const hidden = { schema: { hide: true } };
  type Params = { Params: { id: string }; Body: Record<string, string> | undefined };

  app.get<Params>("/testpay/checkout/:id", hidden, async (request, reply) =>
    send(reply, page("Checkout", checkoutBody(await provider.session(request.params.id)))),
  );
  app.post<Params>("/testpay/checkout/:id/pay", hidden, async (request, reply) => {
    const { url } = await provider.pay(request.params.id, request.body?.priceId ?? null);
    return reply.redirect(url, 303);
  });
  app.post<Params>("/testpay/checkout/:id/decline", hidden, async (request, reply) => {
    const session = await provider.session(request.params.id);
    const message = "Your card was declined (test card 4000 0000 0000 0002). Nothing was charged.";
    return send(reply, page("Checkout", checkoutBody(session, message)), 402);
  });
  app.post<Params>("/testpay/checkout/:id/cancel", hidden, async (request, reply) => {
    const { url } = await provider.cancelCheckout(request.params.id);
    return reply.redirect(url, 303);
  });

  app.get<Params & { Querystring: { done?: string } }>("/testpay/manage/:id", hidden, async (request, reply) => {
    const session = await provider.session(request.params.id);
    if (session.mode !== "manage") throw notFound("This page does not exist.");
    const subs = await provider.subscriptionsOf(session.customerId);
    return send(reply, page("Manage", manageBody(session.id, subs, DONE[request.query.done ?? ""])));
  });
  app.post<Params & { Params: { id: string; action: string } }>(
    "/testpay/manage/:id/:action",
    hidden,
    async (request, reply) => {
      const { id, action } = request.params;
      const session = await provider.session(id);
      if (session.mode !== "manage" || !(action in DONE)) throw notFound("This page does not exist.");
      const subscriptionId = request.body?.subscription;
      const subs = await provider.subscriptionsOf(session.customerId);
      const sub = subs.find((s) => s.id === subscriptionId);
      if (action !== "card") {
        if (!sub) throw badRequest("That subscription is not yours.");
        if (action === "cancel" || action === "reactivate")
          await provider.setCancelAtPeriodEnd(sub.id, action === "cancel");
        if (action === "switch") {
          const price = SUBSCRIPTION_PRICES.find((p) => p.id === request.body?.priceId);
          if (!price) throw badRequest("Pick a plan.");
          await provider.switchPlan(sub.id, price.id);
        }
      }
      return reply.redirect(`/testpay/manage/${encodeURIComponent(id)}?done=${action}`, 303);
    },
  );

  // The test hook: how the next events are delivered (twice, late, in reverse). Never in production.
  if (!isProduction) {
    app.post<{ Body: Partial<typeof provider.delivery> }>("/testpay/dev/delivery", hidden, async (request) => {
      const body = request.body ?? {};
      provider.delivery = {
        duplicate: body.duplicate === true,
        delayMs: Math.max(0, Math.min(60_000, Number(body.delayMs) || 0)),
        reverse: body.reverse === true,
      };
      return provider.delivery;
    });
  }
}
