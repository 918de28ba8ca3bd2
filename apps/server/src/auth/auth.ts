import { APIError, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware, getOAuthState } from "better-auth/api";
// The plugins' own entry points: "better-auth/plugins" loads every plugin (organization, two-factor, …).
import { bearer } from "better-auth/plugins/bearer";
import { emailOTP } from "better-auth/plugins/email-otp";
import { oneTimeToken } from "better-auth/plugins/one-time-token";
import { eq } from "drizzle-orm";
import { CODE_EXPIRY_SECONDS, CODE_MAX_WRONG_TRIES, CONFIRMATION_CODE_LENGTH } from "@neonlab/shared/constants";
import { MESSAGES } from "@neonlab/shared/messages";
import { isAllowedProfileImage, PROFILE_IMAGE_MAX_LENGTH } from "@neonlab/shared/schemas/auth";
import { REFERRAL_CODE_MAX_LENGTH } from "@neonlab/shared/constants";
import type { Mail } from "../adapters/mail/mailer.ts";
import {
  confirmationCodeMail,
  emailChangedMail,
  emailChangeMail,
  passwordChangedMail,
  passwordResetMail,
  signInCodeMail,
} from "../adapters/mail/templates.ts";
import type { Config } from "../config.ts";
import type { ModuleAccountHooks } from "./account-hooks.ts";
import type { Db } from "../db/client.ts";
import { hashPassword, verifyPassword } from "../lib/password.ts";
import { accounts, sessions, users, verifications } from "../modules/identity/accounts/schema.ts";
import { createProfile } from "../modules/identity/profiles/service.ts";
import { isNoSignInEmail } from "../modules/identity/profiles/no-sign-in.ts";
import type { RateLimits } from "../lib/rate-limits.ts";
import type { RunInTransaction } from "../transaction.ts";
import { codeResendWait } from "./code-throttle.ts";
import { mailWait } from "./mail-cap.ts";
import { CLIENT_IP_HEADER } from "./client-ip-header.ts";
import { oauthPlugins, withHandoffToken } from "./oauth.ts";

export type AuthDeps = {
  config: Config;
  db: Db;
  /** ctx.transaction: the profile made after sign-up. */
  transaction: RunInTransaction;
  /**
   * Hands a mail over for sending: in the app, a job (one insert; the worker sends it and retries), so
   * the response never waits for SMTP, and a mail that can not be queued fails the request.
   */
  sendMail: (mail: Mail) => Promise<void>;
  /** Failures that must not fail the request (the profile made after sign-up): logged. */
  onError: (error: unknown, what: string) => void;
  /** The app's rate-limit counters: the cap on code mails to one address also covers unconfirmed sign-ins. */
  limits?: RateLimits;
  /** Drops the user's cached sessions on every instance (a password or e-mail change takes effect at once). */
  forgetSessions?: (userId: string) => void;
  /**
   * What a new or a confirmed account sets off: the manifests' `accountHooks` (app/modules.ts), in their order, each
   * in a transaction of its own. A failure is logged; the sign-up or confirmation stands.
   */
  accountHooks?: readonly ModuleAccountHooks[];
};

/** The payload of a JWT, unverified (Better Auth has verified the ones we read). */
function tokenPayload(token: unknown): Record<string, unknown> | null {
  if (typeof token !== "string") return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return payload && typeof payload === "object" ? payload : null;
  } catch {
    return null;
  }
}

/** Better Auth signs e-mail change links with a JWT whose payload carries `updateTo`. */
function isEmailChangeToken(token: string): boolean {
  return typeof tokenPayload(token)?.updateTo === "string";
}

/** The address a user update moved away from, when it is the e-mail change of the link being followed. */
function previousEmail(user: { email: string }, linkToken: unknown): string | null {
  const payload = tokenPayload(linkToken);
  const from = payload?.email;
  if (typeof from !== "string" || payload?.updateTo !== user.email.toLowerCase()) return null;
  return from.toLowerCase() === user.email.toLowerCase() ? null : from;
}

type ChangedPassword = { user?: { id?: unknown; email?: unknown } };

const REVOKING_PATHS = new Set(["/revoke-session", "/revoke-sessions", "/revoke-other-sessions"]);

function betterAuthLogLevel(level: Config["LOG_LEVEL"]): "debug" | "info" | "warn" | "error" {
  if (level === "debug" || level === "trace") return "debug";
  if (level === "info") return "info";
  return level === "warn" ? "warn" : "error";
}

export function createAuth(deps: AuthDeps) {
  const { config, db, sendMail } = deps;
  const forgetSessions = deps.forgetSessions ?? (() => {});
  const accountHooks = deps.accountHooks ?? [];
  const passwordChanged = async (user: { id: string; email: string }) => {
    forgetSessions(user.id);
    await sendMail(passwordChangedMail(user.email));
  };
  const origin = new URL(config.PUBLIC_URL).origin;
  const auth = betterAuth({
    appName: "NeonLab",
    baseURL: config.PUBLIC_URL,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [origin, config.corsOrigin],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    advanced: {
      // Better Auth turns these off when NODE_ENV=test; keep them on so tests see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    logger: { disabled: config.LOG_LEVEL === "silent", level: betterAuthLogLevel(config.LOG_LEVEL) },
    session: { expiresIn: 60 * 60 * 24 * 400, updateAge: 60 * 60 * 24 },
    // Rate limits are counted by the app's limits (lib/rate-limits.ts, per IP and per account) in auth/routes.ts.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, url }) => {
        await sendMail(passwordResetMail(user.email, url));
      },
      onPasswordReset: ({ user }) => passwordChanged(user),
    },
    emailVerification: {
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      // Sign-up and unconfirmed sign-in get a 6-digit code; an e-mail change gets a link.
      sendVerificationEmail: async ({ user, url, token }) => {
        if (isEmailChangeToken(token)) {
          await sendMail(emailChangeMail(user.email, url));
          return;
        }
        // An unconfirmed sign-in mails a fresh code, but not more than once a minute (the last one stays valid).
        if (config.AUTH_RATE_LIMIT && (await codeResendWait(db, "email-verification", user.email)) > 0) return;
        if (config.AUTH_RATE_LIMIT && deps.limits && (await mailWait(deps.limits, "code", user.email)) > 0) return;
        await auth.api.sendVerificationOTP({ body: { email: user.email, type: "email-verification" } });
      },
    },
    user: {
      changeEmail: { enabled: true },
    },
    databaseHooks: {
      user: {
        // Every way an account image is written (sign-up, OAuth profiles, updates) goes through here.
        create: {
          before: async (user) => checkImage(user),
          // Runs after the user row is written (Better Auth's after-commit hook), so it can not roll the
          // sign-up back: a failure is logged and the session lookup makes the missing profile on the
          // user's next request (auth/session-resolver.ts).
          after: async (user, context) => {
            const { timeZone, referral } = await signUpDetails(context, config.PUBLIC_URL);
            await createProfile(deps.transaction, user, { timeZone }).catch((error) =>
              deps.onError(error, "profile creation after sign-up failed"),
            );
            // The sign-up's `referral`: the code of an invite or of a personal link (docs/decisions/031).
            const account = { ...user, referral };
            for (const hook of accountHooks) {
              const { created } = hook;
              if (!created) continue;
              await deps
                .transaction((tx) => created(account, tx))
                .catch((error) => deps.onError(error, `${hook.module}: account hook after sign-up failed`));
            }
          },
        },
        update: {
          before: async (user) => checkImage(user),
          // The old address hears of an e-mail change (the confirmation link's token names it).
          after: async (user, context) => {
            // Every update of a confirmed account: the hooks act only the first time themselves.
            if (user.emailVerified) {
              for (const hook of accountHooks) {
                const { confirmed } = hook;
                if (!confirmed) continue;
                await deps
                  .transaction((tx) => confirmed(user.id, tx))
                  .catch((error) => deps.onError(error, `${hook.module}: account hook after confirmation failed`));
              }
            }
            const from = previousEmail(user, context?.query?.token);
            if (!from) return;
            forgetSessions(user.id);
            await sendMail(emailChangedMail(from, user.email));
          },
        },
      },
      // An account under .invalid (the demo content's author) never gets a session, whichever way in is tried.
      session: {
        create: {
          before: async (session) => {
            const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, session.userId));
            if (user && isNoSignInEmail(user.email))
              throw new APIError("FORBIDDEN", { code: "NO_SIGN_IN_ACCOUNT", message: NO_SIGN_IN_MESSAGE });
          },
        },
      },
    },
    hooks: {
      // Better Auth hides existing accounts on sign-up; the product spec wants them named.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-up/email") return;
        const email = String((ctx.body as { email?: unknown })?.email ?? "")
          .trim()
          .toLowerCase();
        const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (existing)
          throw new APIError("UNPROCESSABLE_ENTITY", { code: "USER_ALREADY_EXISTS", message: MESSAGES.duplicateEmail });
      }),
      after: createAuthMiddleware(async (ctx) => {
        // Revoked sessions leave every instance's session cache at once (not only after its 5 s).
        if (REVOKING_PATHS.has(ctx.path)) {
          const userId = ctx.context.session?.user.id;
          if (userId && !(ctx.context.returned instanceof APIError)) forgetSessions(userId);
          return;
        }
        if (ctx.path === "/change-password") {
          const { user } = (ctx.context.returned ?? {}) as ChangedPassword;
          if (typeof user?.id === "string" && typeof user.email === "string") {
            await passwordChanged({ id: user.id, email: user.email });
          }
          return;
        }
        if (ctx.path !== "/callback/:id") return;
        const session = ctx.context.newSession;
        const location = ctx.context.responseHeaders?.get("location");
        if (!session || !location) return;
        const { token } = await auth.api.generateOneTimeToken({
          headers: new Headers({ authorization: `Bearer ${session.session.token}` }),
        });
        throw ctx.redirect(withHandoffToken(location, config.PUBLIC_URL, token));
      }),
    },
    plugins: [
      bearer(),
      // Server-side minting only: the OAuth callback hands the SPA a token it trades for a bearer token.
      oneTimeToken({ disableClientRequest: true, storeToken: "hashed", expiresIn: 2 }),
      emailOTP({
        otpLength: CONFIRMATION_CODE_LENGTH,
        expiresIn: CODE_EXPIRY_SECONDS,
        allowedAttempts: CODE_MAX_WRONG_TRIES,
        sendVerificationOnSignUp: false,
        overrideDefaultEmailVerification: false,
        disableSignUp: true,
        storeOTP: "hashed",
        async sendVerificationOTP({ email, otp, type }) {
          await sendMail(type === "sign-in" ? signInCodeMail(email, otp) : confirmationCodeMail(email, otp));
        },
      }),
      ...oauthPlugins(config),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/** What a sign-in to an account under .invalid answers (403). */
export const NO_SIGN_IN_MESSAGE = "This account holds NeonLab's demo content: nobody can sign in to it.";

/**
 * What a sign-up sent along, from its request or, on the OAuth callback that creates the account, from the flow's
 * state (read once):
 * - `timeZone`: the browser's (docs/product-rules-notes.md, "Time zone at sign-up"): the e-mail sign-up's
 *   `timeZone`, an ID-token sign-in's `additionalData.timeZone`, or the same value kept in the OAuth state.
 *   Unchecked here: createProfile keeps only a zone it knows.
 * - `referral`: the code of an invite or a personal link: the e-mail sign-up's `referral` (the register page sends
 *   its `?referral=`), or the `referral` of the /redirect address an OAuth flow returns to (spec: /redirect may
 *   carry referral).
 */
async function signUpDetails(
  context: { body?: unknown } | null | undefined,
  publicUrl: string,
): Promise<{ timeZone: unknown; referral: string | null }> {
  const body = (context?.body ?? {}) as {
    timeZone?: unknown;
    additionalData?: { timeZone?: unknown };
    referral?: unknown;
  };
  const timeZone = body.timeZone !== undefined ? body.timeZone : body.additionalData?.timeZone;
  const referral = typeof body.referral === "string" ? body.referral : undefined;
  if (timeZone !== undefined && referral !== undefined) return { timeZone, referral };
  const state = (await getOAuthState().catch(() => null)) as { timeZone?: unknown; callbackURL?: unknown } | null;
  return {
    timeZone: timeZone !== undefined ? timeZone : state?.timeZone,
    referral: referral ?? referralOfRedirect(state?.callbackURL, publicUrl),
  };
}

function referralOfRedirect(callbackURL: unknown, publicUrl: string): string | null {
  if (typeof callbackURL !== "string") return null;
  try {
    return new URL(callbackURL, publicUrl).searchParams.get("referral")?.slice(0, REFERRAL_CODE_MAX_LENGTH) || null;
  } catch {
    return null;
  }
}

/** The account image must be one the app can show safely (https or its own avatars), else 400. */
function checkImage(user: { image?: string | null }): void {
  if (user.image == null || isAllowedProfileImage(user.image)) return;
  throw new APIError("BAD_REQUEST", {
    code: "INVALID_IMAGE",
    message: `Image must be an https:// address or one of the offered avatars, at most ${PROFILE_IMAGE_MAX_LENGTH} characters.`,
  });
}
export { APIError, MESSAGES };
