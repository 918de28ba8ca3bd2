import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { errorBody } from "../errors.ts";
import { type Limit, type RateLimits, tooMany } from "../lib/rate-limits.ts";
import type { LazyAuth } from "./lazy-auth.ts";
import { type CodeTurns, codeExhausted, codeTarget, exhaustedCodeMessage } from "./code-guard.ts";
import { type CodeType, codeResendWait, resendWaitMessage } from "./code-throttle.ts";
import { askBetterAuth, sendFetchResponse, toFetchRequest } from "./fetch-bridge.ts";
import { newPasswordProblem } from "./password-policy.ts";
import {
  AUTH_ROUTE_RULES,
  type AuthRouteRule,
  firstIssue,
  MAILS_PER_ADDRESS,
  oauthStartSchema,
} from "./request-schemas.ts";
import { bearerToken } from "./session.ts";
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

const badRequest = (reply: FastifyReply, message: string) => reply.status(400).send(errorBody(400, message));

export const mailCapMessage = (seconds: number) =>
  `Too many emails were sent to this address in the last hour. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`;

/**
 * The handlers of the Better Auth endpoints that get our checks (POST only; reads pass through). Each
 * check answers itself and returns the sent reply, or null to go on.
 */
export function authEndpoints(deps: AuthEndpointDeps) {
  const { auth, limits, codeTurns, rateLimit, db, sessions, ping } = deps;
  const betterAuth = (request: Request) => askBetterAuth(auth.handler, request, ping);

  const forward: AuthEndpoint = async (call) =>
    sendFetchResponse(call.reply, await betterAuth(toFetchRequest(call.request, call.path, call.body)));

  function checkBody(call: AuthCall, rule: AuthRouteRule): FastifyReply | null {
    if (!rule.body) return null;
    const { body } = call;
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      return badRequest(call.reply, "The request body must be a JSON object.");
    }
    const parsed = rule.body.safeParse(body);
    if (!parsed.success) return badRequest(call.reply, firstIssue(parsed.error));
    call.body = parsed.data;
    return null;
  }

  async function overAccountLimit(call: AuthCall, rule?: AuthRouteRule): Promise<FastifyReply | null> {
    if (!rateLimit) return null;
    const wait = await hitAccount(limits, call, rule);
    return wait > 0 ? tooMany(call.reply, wait) : null;
  }

  /** The endpoint's body rule and per-account limit, then `next` (Better Auth itself by default). */
  const ruled = (path: string, next: AuthEndpoint = forward): AuthEndpoint => {
    const rule = AUTH_ROUTE_RULES[path];
    if (!rule) throw new Error(`No auth route rule for ${path}`);
    return async (call) => checkBody(call, rule) ?? (await overAccountLimit(call, rule)) ?? next(call);
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

  /** Reset and code mails to one (normalised) address per hour, counted only for a mail about to be sent. */
  const cappedMail =
    (kind: "reset" | "code", next: AuthEndpoint): AuthEndpoint =>
    async (call) => {
      if (!rateLimit) return next(call);
      const { email } = call.body as { email: string };
      const wait = await limits.hit(`mail:${kind}:${email}`, MAILS_PER_ADDRESS);
      return wait > 0 ? tooMany(call.reply, wait, mailCapMessage(wait)) : next(call);
    };

  // A new code is mailed at most once a minute per address (code-throttle.ts), and five times an hour.
  const cappedCodeMail = cappedMail("code", takeCodeTurn);
  const throttledCodeMail: AuthEndpoint = async (call) => {
    if (rateLimit && db) {
      const { email, type } = call.body as { email: string; type: CodeType };
      const wait = await codeResendWait(db, type, email);
      if (wait > 0) return tooMany(call.reply, wait, resendWaitMessage(wait));
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
      return problem ? badRequest(call.reply, problem) : next(call);
    };

  const signInSocial = ruled("/sign-in/social");

  // The client's OAuth start (Better Auth's older generic-OAuth route), mapped onto /sign-in/social.
  const oauthStart: AuthEndpoint = async (call) => {
    const parsed = oauthStartSchema.safeParse(call.body);
    if (!parsed.success) return badRequest(call.reply, firstIssue(parsed.error));
    const { providerId, errorCallbackURL, ...rest } = parsed.data;
    const body = { ...rest, provider: providerId, errorCallbackURL: errorCallbackURL ?? "/login" };
    return signInSocial({ ...call, path: "/sign-in/social", body });
  };

  // Sign-out also drops the token from the session caches at once, here and on the other instances.
  const signOut: AuthEndpoint = async (call) => {
    const limited = await overAccountLimit(call);
    if (limited) return limited;
    const bearer = bearerToken(call.request);
    // Resolved first, so the cache knows whose token it is and can tell the other instances.
    if (bearer) await sessions?.resolve(bearer);
    const response = await betterAuth(toFetchRequest(call.request, call.path, call.body));
    if (response.ok && bearer) sessions?.forgetToken(bearer);
    return sendFetchResponse(call.reply, response);
  };

  /** Any other POST: the per-session limit, then Better Auth. */
  const passThrough: AuthEndpoint = async (call) => (await overAccountLimit(call)) ?? forward(call);

  const post: Record<string, AuthEndpoint> = {
    // Every path with a body rule is checked; the entries after the spread add more to some of them.
    ...Object.fromEntries(Object.keys(AUTH_ROUTE_RULES).map((path) => [path, ruled(path)])),
    "/sign-in/email-otp": ruled("/sign-in/email-otp", takeCodeTurn),
    "/email-otp/verify-email": ruled("/email-otp/verify-email", takeCodeTurn),
    "/email-otp/send-verification-otp": ruled("/email-otp/send-verification-otp", throttledCodeMail),
    "/request-password-reset": ruled("/request-password-reset", cappedMail("reset", forward)),
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
