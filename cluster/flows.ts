// What a user does, through the proxy, with calls pinned to instance A or B (the proxy's sticky cookie) wherever
// the point is that one instance sees what the other did.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { io, type Socket } from "socket.io-client";
import type { Course, CourseDetail, LessonDetail } from "@neonlab/shared/schemas/learning";
import type { OwnProfile } from "@neonlab/shared/schemas/profile";
import type { startFakeS3 } from "../apps/server/src/modules/blogs/fake-s3.ts";
import { testProviderSecret } from "../apps/server/src/modules/payments/test-provider.ts";
import { signTestEvent, TEST_SIGNATURE_HEADER } from "../apps/server/src/modules/payments/test-signing.ts";
import { type SmtpTestServer, subjectOf, waitForDelivery } from "../apps/server/src/test/smtp-server.ts";
import { answerKey } from "../e2e/helpers/answer-key.ts";
import { type Answer, type CallOptions, call, check, expectStatus, STICKY_COOKIE, stickyValue } from "./client.ts";
import type { Instance } from "./stack.ts";

export type Cluster = {
  /** The app's site and the preview site, both through Caddy. */
  app: string;
  preview: string;
  a: Instance;
  b: Instance;
  smtp: SmtpTestServer;
  s3: Awaited<ReturnType<typeof startFakeS3>>;
  authSecret: string;
};

export type User = { name: string; email: string; password: string; token: string; id: string };

export const api = (c: Cluster, path: string, options: CallOptions = {}): Promise<Answer> =>
  call(c.app, path, { ...options, origin: c.app });

export const profileOf = async (c: Cluster, user: User, on: Instance) =>
  expectStatus(await api(c, "/api/profile", { token: user.token, pin: on.dial }), 200, "profile").json<OwnProfile>();

/** Signs up on one instance, reads the code from the mail the SMTP server received, confirms on the other. */
export async function signUp(c: Cluster, name: string, on: Instance, confirmOn: Instance): Promise<User> {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;
  const password = "cluster-horse-battery-7";
  const body = { email, password, name };
  expectStatus(await api(c, "/api/auth/sign-up/email", { body, pin: on.dial }), 200, `sign-up of ${name}`);
  const mail = await waitForDelivery(c.smtp, email, 30_000);
  const code = /(\d{6})$/.exec(subjectOf(mail))?.[1];
  check(code, `the mail to ${email} names no code: "${subjectOf(mail)}"`);
  const confirm = { email, otp: code };
  const verify = await api(c, "/api/auth/email-otp/verify-email", { body: confirm, pin: confirmOn.dial });
  expectStatus(verify, 200, `${name} confirming the mailed code`);
  const token = verify.headers.get("set-auth-token");
  check(token, "no set-auth-token after confirming the address");
  return { name, email, password, token, id: verify.json<{ user: { id: string } }>().user.id };
}

/** The first lesson of a free course: quizzes answered on B, the lesson completed on A, the XP read on B. */
export async function completeLesson(c: Cluster, user: User) {
  const courses = expectStatus(await api(c, "/api/courses"), 200, "courses").json<Course[]>();
  const free = courses.find((course) => !course.premium);
  check(free, "no free course was imported");
  const detail = expectStatus(await api(c, `/api/courses/${free.slug}`), 200, "course").json<CourseDetail>();
  const first = detail.chapters[0]?.lessons[0];
  check(first, `${free.slug} has no lesson`);
  const path = `/api/courses/${free.slug}/lessons/${first.slug}`;
  const lesson = expectStatus(await api(c, path, { token: user.token }), 200, "lesson").json<LessonDetail>();
  const key = answerKey(lesson);
  for (const quiz of lesson.quizzes) {
    const answer = await api(c, `/api/lessons/${lesson.id}/quizes/${quiz.id}/complete`, {
      token: user.token,
      body: { responses: key.get(quiz.id) },
      pin: c.b.dial,
    });
    expectStatus(answer, 200, `quiz ${quiz.key}`);
  }
  for (const reflection of lesson.reflections) {
    const answer = await api(c, `/api/lessons/${lesson.id}/reflections/${reflection.id}/complete`, {
      token: user.token,
      body: { userResponse: "Two instances answer as one." },
      pin: c.b.dial,
    });
    expectStatus(answer, 200, `reflection ${reflection.id}`);
  }
  const done = await api(c, `/api/lessons/${lesson.id}/complete`, { method: "POST", token: user.token, pin: c.a.dial });
  const result = expectStatus(done, 200, "completion").json<{ xpAwarded: number; alreadyCompleted: boolean }>();
  check(!result.alreadyCompleted && result.xpAwarded > 0, `completion awarded nothing: ${done.text}`);
  const xp = (await profileOf(c, user, c.b)).xp;
  check(xp >= result.xpAwarded, `B reads ${xp} XP after A awarded ${result.xpAwarded}`);
  return { lessonId: lesson.id, lesson: first.slug, xp };
}

/** A socket.io client through the proxy: WebSocket only pinned to one instance, or long-polling with a cookie jar. */
export function openSocket(c: Cluster, user: User, how: { pin: Instance } | { polling: true }): Socket {
  return io(c.app, {
    path: "/socket.io",
    auth: { token: user.token },
    forceNew: true,
    reconnectionDelay: 250,
    reconnectionDelayMax: 1_000,
    ...("pin" in how
      ? { transports: ["websocket"], extraHeaders: { cookie: `${STICKY_COOKIE}=${stickyValue(how.pin.dial)}` } }
      : // withCredentials: in Node, engine.io-client keeps the cookies it is sent (Caddy's sticky one) as a browser does.
        { transports: ["polling"], withCredentials: true }),
  });
}

export const connected = (socket: Socket, what: string, timeoutMs = 15_000) =>
  socket.connected
    ? Promise.resolve()
    : new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${what}: not connected within ${timeoutMs} ms`)), timeoutMs);
        socket.once("connect", () => {
          clearTimeout(timer);
          resolve();
        });
      });

export const nextNotification = (socket: Socket, what: string, timeoutMs = 10_000) =>
  new Promise<{ kind: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no notification within ${timeoutMs} ms`)), timeoutMs);
    socket.once("notification", (payload: { kind: string }) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/** `from` asks `to` to connect, on the instance given; `to`'s socket must hear of it. */
export async function requestConnection(c: Cluster, from: User, to: User, on: Instance, socket: Socket, what: string) {
  const heard = nextNotification(socket, what);
  const sent = await api(c, `/api/users/connections?friendId=${to.id}`, {
    method: "POST",
    token: from.token,
    pin: on.dial,
  });
  expectStatus(sent, 200, `${from.name} → ${to.name} connection request`);
  const event = await heard;
  check(event.kind === "connection_request", `${what}: got ${event.kind}`);
}

/**
 * Pro through the test provider's checkout pages (opened on A, paid on B), then a NeonBits pack whose payment
 * arrives as the provider's signed webhook through the proxy: delivered to A, redelivered to B (a duplicate).
 */
export async function purchase(c: Cluster, user: User) {
  const opened = await api(c, "/api/stripe/create-subscription-session", {
    token: user.token,
    body: { priceId: "price_pro_monthly" },
    pin: c.a.dial,
  });
  const checkout = new URL(expectStatus(opened, 200, "Pro checkout").json<{ url: string }>().url);
  check(checkout.origin === c.app, `the checkout page is at ${checkout.origin}, not PUBLIC_URL's`);
  const paid = await api(c, `${checkout.pathname}/pay`, { body: new URLSearchParams(), pin: c.b.dial });
  expectStatus(paid, 303, "paying in the test checkout");
  check(
    paid.headers.get("location")?.includes("/payment/subscription/success"),
    `pay went to ${paid.headers.get("location")}`,
  );
  const pro = await profileOf(c, user, c.a);
  check(pro.has_access, "Pro paid on B, but A says the user has no access");

  const pack = await api(c, "/api/stripe/currency-session?priceId=price_neonbits_500", {
    token: user.token,
    pin: c.a.dial,
  });
  const checkoutId = new URL(expectStatus(pack, 200, "pack checkout").json<{ url: string }>().url).pathname
    .split("/")
    .pop();
  check(checkoutId, "the pack checkout has no id");
  const before = pro.neonbits;
  const { body, signature } = signTestEvent(testProviderSecret(c.authSecret), {
    id: `evt_cluster_${randomUUID()}`,
    type: "checkout.completed",
    checkout: {
      id: checkoutId,
      mode: "payment",
      userId: user.id,
      customerId: null,
      priceId: "price_neonbits_500",
      amount: 499,
      currency: "usd",
      paid: true,
      occurredAt: new Date(),
    },
  });
  const deliveries: boolean[] = [];
  for (const instance of [c.a, c.b]) {
    const headers = { [TEST_SIGNATURE_HEADER]: signature };
    const answer = await api(c, "/api/stripe/webhook", { body, headers, pin: instance.dial });
    deliveries.push(expectStatus(answer, 200, `webhook to ${instance.name}`).json<{ duplicate: boolean }>().duplicate);
  }
  check(deliveries[0] === false && deliveries[1] === true, `deliveries answered duplicate ${deliveries.join(", ")}`);
  const after = (await profileOf(c, user, c.b)).neonbits;
  check(after === before + 500, `NeonBits ${before} → ${after} after one 500 pack delivered twice`);
  return { neonbits: after };
}

/** A blog draft with one image uploaded through A: each variant in the bucket, served by B as the same bytes. */
export async function blogImage(c: Cluster, user: User) {
  const draft = await api(c, "/api/blogs", { token: user.token, body: { title: "Two instances" }, pin: c.a.dial });
  const blogId = expectStatus(draft, 201, "blog draft").json<{ id: number }>().id;
  const png = await sharp({ create: { width: 1200, height: 700, channels: 3, background: "#0bd18a" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "cluster.png");
  const uploaded = await api(c, `/api/blogs/${blogId}/upload-images`, {
    method: "PATCH",
    token: user.token,
    body: form,
    pin: c.a.dial,
  });
  type Upload = { images: { variants: { width: number; url: string }[] }[] };
  const variants = expectStatus(uploaded, 200, "image upload").json<Upload>().images[0]?.variants ?? [];
  check(variants.length > 0, `the upload answered no variants: ${uploaded.text}`);
  const keys: string[] = [];
  for (const variant of variants) {
    const name = /\/api\/blogs\/media\/([^/?]+)$/.exec(variant.url)?.[1];
    check(name, `unexpected image URL ${variant.url}`);
    const key = `blogs/${name}`;
    const object = c.s3.objects.get(key);
    check(object, `${key} is not in the bucket`);
    const served = await fetch(`${c.app}/api/blogs/media/${name}`, {
      headers: { cookie: `${STICKY_COOKIE}=${stickyValue(c.b.dial)}` },
    });
    const bytes = Buffer.from(await served.arrayBuffer());
    check(served.status === 200, `B answered ${served.status} for ${variant.url}`);
    check(served.headers.get("content-type") === "image/webp", `served as ${served.headers.get("content-type")}`);
    check(bytes.equals(object.body), `B served other bytes than the bucket holds for ${key}`);
    keys.push(key);
  }
  const signed = c.s3.requests.filter((r) => r.method === "PUT" && r.authorization).length;
  check(signed >= keys.length, "the store received unsigned writes");
  return { blogId, keys, url: variants[0]!.url };
}

/** The preview site answers on its own host name from the instances' preview listeners, with no cookie. */
export async function previewSite(c: Cluster) {
  const page = await fetch(`${c.preview}/bootstrap`);
  await page.arrayBuffer();
  check(page.status === 200, `preview /bootstrap answered ${page.status}`);
  check(page.headers.get("content-security-policy")?.startsWith("sandbox"), "the preview page is not sandboxed");
  check(page.headers.getSetCookie().length === 0, "the preview site set a cookie");
  const api = await fetch(`${c.preview}/api/courses`);
  await api.arrayBuffer();
  check(api.status === 404, `the preview host served the API (${api.status})`);
}
