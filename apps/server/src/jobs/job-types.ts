import type { Mail } from "../adapters/mail/mailer.ts";

/**
 * Every kind of background job and its payload (stored as JSON). Work that may fail or take time
 * (mail today; notifications, image processing, webhooks, giveaway draws later) is a job: written in
 * the transaction of the change that causes it, run by the worker with retries (job-queue.ts).
 */
export interface JobPayloads {
  /** One mail, sent by the configured Mailer (SMTP, or the dev outbox). */
  "send-mail": Mail;
  /** Draws a giveaway round's winners at its end (modules/shop/giveaway; once: the round row says whether it was drawn). */
  "giveaway-draw": { roundId: number };
  /** Prepares one personal data export and mails its link (modules/identity/data-export). */
  "prepare-data-export": { exportId: string };
  /** Ends a deleted account's subscription at the payment provider (payments module). */
  "cancel-subscription": { subscriptionId: string };
}

export type JobName = keyof JobPayloads;

/**
 * pg-boss's retry options: `retryLimit` retries after the first attempt, the first `retryDelay` seconds
 * later; with `retryBackoff` each wait doubles (with jitter) up to `retryDelayMax` seconds.
 */
export type RetryPolicy = { retryLimit: number; retryDelay: number; retryBackoff: boolean; retryDelayMax?: number };

type JobDefinition<J extends JobName> = {
  retry: RetryPolicy;
  /** Seconds one attempt may run before it counts as failed. */
  expireInSeconds: number;
  /** One line an admin sees about a failed job: never a secret. */
  describe(data: JobPayloads[J]): string;
};

export const JOBS: { [J in JobName]: JobDefinition<J> } = {
  "send-mail": {
    // Waits of 15–30 s, 30–60 s, … up to 10 min: an SMTP outage of about 20 minutes loses no mail.
    retry: { retryLimit: 6, retryDelay: 15, retryBackoff: true, retryDelayMax: 600 },
    expireInSeconds: 120,
    // Sign-in and confirmation codes travel in the subject: an admin reading failures must not see them.
    describe: (mail) => `${mail.subject.replace(/\d{4,}/g, "••••••")} → ${mail.to}`,
  },
  "giveaway-draw": {
    // A draw that fails (the database away) is tried again for about an hour; drawing twice is harmless.
    retry: { retryLimit: 10, retryDelay: 10, retryBackoff: true, retryDelayMax: 600 },
    expireInSeconds: 120,
    describe: ({ roundId }) => `Draw of giveaway round ${roundId}`,
  },
  "prepare-data-export": {
    retry: { retryLimit: 4, retryDelay: 30, retryBackoff: true, retryDelayMax: 600 },
    // A large account's file takes a few seconds; a stuck attempt is retried.
    expireInSeconds: 600,
    describe: (job) => `personal data export ${job.exportId}`,
  },
  "cancel-subscription": {
    retry: { retryLimit: 8, retryDelay: 15, retryBackoff: true, retryDelayMax: 900 },
    expireInSeconds: 60,
    describe: ({ subscriptionId }) => `cancel subscription ${subscriptionId} at the payment provider`,
  },
};

export const JOB_NAMES = Object.keys(JOBS) as JobName[];
