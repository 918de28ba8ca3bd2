import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { InvalidSignature, type PaymentEvent, SIGNATURE_TOLERANCE_SECONDS } from "./provider.ts";

// The built-in test provider's events on the wire: NeonLab's PaymentEvent as JSON, signed like Stripe
// signs (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`) with a local secret, in `testpay-signature`.

export const TEST_SIGNATURE_HEADER = "testpay-signature";

const instant = z.iso.datetime().transform((s) => new Date(s));
const subscription = z.object({
  id: z.string(),
  customerId: z.string(),
  userId: z.string().nullable(),
  priceId: z.string(),
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: instant,
});
const wireEvent = z.discriminatedUnion("type", [
  z.object({
    id: z.string(),
    type: z.literal("checkout.completed"),
    checkout: z.object({
      id: z.string(),
      mode: z.enum(["subscription", "payment"]),
      userId: z.string().nullable(),
      customerId: z.string().nullable(),
      priceId: z.string().nullable(),
      amount: z.number().int(),
      currency: z.string(),
      paid: z.boolean(),
      occurredAt: instant,
    }),
  }),
  z.object({
    id: z.string(),
    type: z.enum(["subscription.updated", "subscription.deleted"]),
    version: z.number().int(),
    subscription,
  }),
  z.object({
    id: z.string(),
    type: z.literal("invoice.paid"),
    invoice: z.object({
      id: z.string(),
      customerId: z.string(),
      description: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      url: z.string().nullable(),
      paidAt: instant,
    }),
  }),
  z.object({ id: z.string(), type: z.literal("other"), name: z.string() }),
]);

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** The body and signature header of one event (tests sign their own events with this too). */
export function signTestEvent(secret: string, event: PaymentEvent, timestamp = Math.floor(Date.now() / 1000)) {
  const body = JSON.stringify(event);
  return { body, signature: `t=${timestamp},v1=${hmac(secret, timestamp, body)}` };
}

export function verifyTestEvent(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  now = Date.now(),
): PaymentEvent {
  if (typeof header !== "string") throw new InvalidSignature("The webhook signature is missing.");
  const parts = Object.fromEntries(
    header.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const timestamp = Number(parts.t);
  const given = Buffer.from(String(parts.v1 ?? ""), "hex");
  const body = rawBody.toString("utf8");
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  if (!Number.isInteger(timestamp) || given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new InvalidSignature("The webhook signature is invalid.");
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    throw new InvalidSignature("The webhook signature is too old.");
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new InvalidSignature("The webhook body is not JSON.");
  }
  const parsed = wireEvent.safeParse(json);
  if (!parsed.success) throw new InvalidSignature("The webhook event has an unknown shape.");
  return parsed.data;
}
