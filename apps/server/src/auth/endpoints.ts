import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { badRequest, errorBody, rateLimited } from "../errors.ts";
import type { Limit, RateLimits } from "../lib/rate-limits.ts";
import type { LazyAuth } from "./lazy-auth.ts";
import { type CodeTurns, codeExhausted, codeTarget, exhaustedCodeMessage } from "./code-guard.ts";
import { type CodeType, codeResendWait, resendWaitMessage } from "./code-throttle.ts";
import { chargeMail, type MailKind } from "./mail-cap.ts";
import { askBetterAuth, sendFetchResponse, toFetchRequest } from "./fetch-bridge.ts";
import { newPasswordProblem } from "./password-policy.ts";
import { AUTH_ROUTE_RULES, type AuthRouteRule, firstIssue, oauthStartSchema } from "./request-schemas.ts";
import { bearerToken } from "../session-guards.ts";
import type { SessionResolver } from "./session-resolver.ts";

// Authenticated routes without a rule (sign-out, session list…) still count per session.
const PER_SESSION_DEFAULT: Limit = { max: 30, windowSeconds: 60 };

/** One request to a Better Auth endpoint: its path under /api/auth and its body as checked so far. */
export type AuthCall = { request: FastifyRequest; reply: FastifyReply; path: string; body: unknown };
export type AuthEndpoint = (call: AuthCall) => Promise<unknown>;

export type AuthEndpointDeps = {
  auth: LazyAuth;
  limits: RateLimits;
  codeTurns: CodeTurns;
  rateLimit: boolean;
  db?: Db;
  sessions?: SessionResolver;
  /** Whether the database answers: a Better Auth 5xx while it does not becomes a 503. */
  ping?: () => Promise<boolean>;
};

/**
 * The handlers of the Better Auth endpoints that get our checks (POST only; reads pass through). A check
 * that refuses throws its AppError (400, 429…), so nothing after it runs: no mail, no session, no change.
 */
export function authEndpoints(deps: AuthEndpointDeps) {
  const { auth, limits, codeTurns, rateLimit, db, sessions, ping } = deps;
  const betterAuth = (request: Request) => askBetterAuth(auth.handler, request, ping);

  const forward: AuthEndpoint = async (call) =>
    sendFetchResponse(call.reply, await betterAuth(toFetchRequest(call.request, call.path, call.body)));

  function checkBody(call: AuthCall, rule: AuthRouteRule) {
    if (!rule.body) return;
    const { body } = call;
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      throw badRequest("The request body must be a JSON object.");
    }
    const parsed = rule.body.safeParse(body);
    if (!parsed.success) throw badRequest(firstIssue(parsed.error));
    call.body = parsed.data;
  }

  /** Counts the request against its account (or session); throws the 429 when it is over the limit. */
  async function chargeAccount(call: AuthCall, rule?: AuthRouteRule) {
    if (!rateLimit) return;
    const wait = await hitAccount(limits, call, rule);
    if (wait > 0) throw rateLimited(wait);
  }

  /** The endpoint's body rule and per-account limit, then `next` (Better Auth itself by default). */
  const ruled = (path: string, next: AuthEndpoint = forward): AuthEndpoint => {
    const rule = AUTH_ROUTE_RULES[path];
    if (!rule) throw new Error(`No auth route rule for ${path}`);
    return async (call) => {
      checkBody(call, rule);
      await chargeAccount(call, rule);
      return next(call);
    };
  };

  // Requests on one address's e-mail code take turns, and a code out of tries is refused (code-guard.ts).
  const takeCodeTurn: AuthEndpoint = async (call) => {
    const target = codeTarget(call.path, call.body);
    if (!target) return forward(call);
    const response = await codeTurns.run(target.identifier, async () => {
      if (target.checks && db && (await codeExhausted(db, target.identifier))) return null;
      return betterAuth(toFetchRequest(call.request, call.path, call.body));
    });
    if (!response) {
      return call.reply.status(403).send({ ...errorBody(403, exhaustedCodeMessage), code: "TOO_MANY_ATTEMPTS" });
    }
    return sendFetchResponse(call.reply, response);
  };

  /**
   * Mails of one kind to one (normalised) address per hour, whoever asks, counted only for a mail about to
   * be sent: `to` names the address the mail goes to.
   */
  const cappedMail =
    (kind: MailKind, to: (body: unknown) => string, next: AuthEndpoint): AuthEndpoint =>
    async (call) => {
      if (rateLimit) await chargeMail(limits, kind, to(call.body));
      return next(call);
    };

  // A new code is mailed at most once a minute per address (code-throttle.ts), and five times an hour.
  const cappedCodeMail = cappedMail("code", emailOf, takeCodeTurn);
  const throttledCodeMail: AuthEndpoint = async (call) => {
    if (rateLimit && db) {
      const { email, type } = call.body as { email: string; type: CodeType };
      const wait = await codeResendWait(db, type, email);
      if (wait > 0) throw rateLimited(wait, resendWaitMessage(wait));
    }
    return cappedCodeMail(call);
  };

  // A new password must follow the password rule (packages/shared/src/password-strength.ts).
  const newPasswordRule =
    (next: AuthEndpoint = forward): AuthEndpoint =>
    async (call) => {
      const request = {
        path: call.path,
        body: call.body as Record<string, unknown>,
        bearer: bearerToken(call.request),
      };
      const problem = await newPasswordProblem({ db, sessions }, request);
      if (problem) throw badRequest(problem);
      return next(call);
    };

  // The sign-up's time zone rides in the OAuth state (Better Auth's `additionalData`) to the callback, where
  // the account is made (auth.ts: signUpTimeZone); an ID-token sign-in reads it from the same field at once.
  const signInSocial = ruled("/sign-in/social", (call) => {
    const { timeZone, ...body } = call.body as { timeZone?: string };
    return forward({ ...call, body: timeZone === undefined ? body : { ...body, additionalData: { timeZone } } });
  });

  // The client's OAuth start (Better Auth's older generic-OAuth route), mapped onto /sign-in/social.
  const oauthStart: AuthEndpoint = async (call) => {
    const parsed = oauthStartSchema.safeParse(call.body);
    if (!parsed.success) throw badRequest(firstIssue(parsed.error));
    const { providerId, errorCallbackURL, ...rest } = parsed.data;
    const body = { ...rest, provider: providerId, errorCallbackURL: errorCallbackURL ?? "/login" };
    return signInSocial({ ...call, path: "/sign-in/social", body });
  };

  // Sign-out also drops the token from the session caches at once, here and on the other instances.
  const signOut: AuthEndpoint = async (call) => {
    await chargeAccount(call);
    const bearer = bearerToken(call.request);
    // Resolved first, so the cache knows whose token it is and can tell the other instances.
    if (bearer) await sessions?.resolve(bearer);
    const response = await betterAuth(toFetchRequest(call.request, call.path, call.body));
    if (response.ok && bearer) sessions?.forgetToken(bearer);
    return sendFetchResponse(call.reply, response);
  };

  /** Any other POST: the per-session limit, then Better Auth. */
  const passThrough: AuthEndpoint = async (call) => {
    await chargeAccount(call);
    return forward(call);
  };

  const post: Record<string, AuthEndpoint> = {
    // Every path with a body rule is checked; the entries after the spread add more to some of them.
    ...Object.fromEntries(Object.keys(AUTH_ROUTE_RULES).map((path) => [path, ruled(path)])),
    "/sign-in/email-otp": ruled("/sign-in/email-otp", takeCodeTurn),
    "/email-otp/verify-email": ruled("/email-otp/verify-email", takeCodeTurn),
    "/email-otp/send-verification-otp": ruled("/email-otp/send-verification-otp", throttledCodeMail),
    "/request-password-reset": ruled("/request-password-reset", cappedMail("reset", emailOf, forward)),
    // The confirmation link goes to the new address: a stolen session must not flood someone else's inbox.
    "/change-email": ruled("/change-email", cappedMail("change-email", newEmailOf, forward)),
    "/sign-up/email": ruled("/sign-up/email", newPasswordRule()),
    "/reset-password": ruled("/reset-password", newPasswordRule()),
    "/change-password": ruled("/change-password", newPasswordRule()),
    "/sign-in/social": signInSocial,
    "/sign-in/oauth2": oauthStart,
    "/sign-out": signOut,
  };

  return {
    /** The handler of a request to `path`: a POST endpoint with checks, else the plain pass-through. */
    handlerFor(method: string, path: string): AuthEndpoint {
      if (method !== "POST") return forward;
      return Object.hasOwn(post, path) ? (post[path] as AuthEndpoint) : passThrough;
    },
  };
}

const emailOf = (body: unknown) => (body as { email: string }).email;
const newEmailOf = (body: unknown) => (body as { newEmail: string }).newEmail;

/**
 * Seconds to wait under the per-account limit (0: go on). The account is the normalised e-mail, the session
 * or the IP — never another body field, or a client could pick a fresh counter per request.
 */
async function hitAccount(limits: RateLimits, call: AuthCall, rule: AuthRouteRule | undefined): Promise<number> {
  const fields = (call.body ?? {}) as Record<string, unknown>;
  const session = bearerToken(call.request);
  let account: string | undefined;
  let limit = rule?.perAccount;
  if (rule?.account === "email" && typeof fields.email === "string") {
    account = `email:${fields.email.trim().toLowerCase()}`;
  } else if (rule?.account === "ip") {
    account = `ip:${call.request.ip}`;
  } else if (session) {
    account = `session:${session}`;
    limit ??= PER_SESSION_DEFAULT;
  }
  if (!account || !limit) return 0;
  return limits.hit(`account:${call.path}:${account}`, limit);
}
