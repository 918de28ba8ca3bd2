import { APIError, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
// The plugins' own entry points: "better-auth/plugins" loads every plugin (organization, two-factor, …).
import { bearer } from "better-auth/plugins/bearer";
import { emailOTP } from "better-auth/plugins/email-otp";
import { oneTimeToken } from "better-auth/plugins/one-time-token";
import { eq } from "drizzle-orm";
import { CODE_EXPIRY_SECONDS, CODE_MAX_WRONG_TRIES, CONFIRMATION_CODE_LENGTH } from "@neonlab/shared/constants";
import { MESSAGES } from "@neonlab/shared/messages";
import { isAllowedProfileImage, PROFILE_IMAGE_MAX_LENGTH } from "@neonlab/shared/schemas/auth";
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
import type { Db } from "../db/client.ts";
import { hashPassword, verifyPassword } from "../lib/password.ts";
import { accounts, sessions, users, verifications } from "../modules/identity/accounts/schema.ts";
import { createProfile } from "../modules/identity/profiles/service.ts";
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
   * What a new or a confirmed account sets off (the app wires modules/connections/referrals here: link the invite, pay the
   * inviter once). A failure is logged; the sign-up or confirmation stands.
   */
  accountHooks?: {
    created(account: { id: string; email: string; emailVerified: boolean; referral: string | null }): Promise<unknown>;
    confirmed(userId: string): Promise<unknown>;
  };
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
            await createProfile(deps.transaction, user).catch((error) =>
              deps.onError(error, "profile creation after sign-up failed"),
            );
            // The sign-up's `referral` (the invite's code from the link), else the invited address, links the
            // accounts (docs/decisions/031); a failure is logged, the sign-up stands.
            const referral = (context?.body as { referral?: unknown } | undefined)?.referral;
            await deps.accountHooks
              ?.created({ ...user, referral: typeof referral === "string" ? referral : null })
              .catch((error) => deps.onError(error, "referral link after sign-up failed"));
          },
        },
        update: {
          before: async (user) => checkImage(user),
          // The old address hears of an e-mail change (the confirmation link's token names it).
          after: async (user, context) => {
            // A confirmed account pays its inviter once (confirmAccount acts only the first time).
            if (user.emailVerified) {
              await deps.accountHooks
                ?.confirmed(user.id)
                .catch((error) => deps.onError(error, "referral reward after confirmation failed"));
            }
            const from = previousEmail(user, context?.query?.token);
            if (!from) return;
            forgetSessions(user.id);
            await sendMail(emailChangedMail(from, user.email));
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

/** The account image must be one the app can show safely (https or its own avatars), else 400. */
function checkImage(user: { image?: string | null }): void {
  if (user.image == null || isAllowedProfileImage(user.image)) return;
  throw new APIError("BAD_REQUEST", {
    code: "INVALID_IMAGE",
    message: `Image must be an https:// address or one of the offered avatars, at most ${PROFILE_IMAGE_MAX_LENGTH} characters.`,
  });
}
export { APIError, MESSAGES };
