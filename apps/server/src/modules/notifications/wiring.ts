import type { EventSubscription } from "../../app/module-manifest.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import type { AppEvents, EventName } from "../../events/app-events.ts";
import { createNotifications, type NotifyInput, noticeJson, type RemoveWhere, removeNotifications } from "./service.ts";

type OneOrMore<T> = T | T[] | null | undefined;
const list = <T>(value: OneOrMore<T>): T[] => (value == null ? [] : Array.isArray(value) ? value : [value]);

/** Who is notified, looked up in the publishing transaction (e.g. every staff account). */
type Recipients<E extends EventName> = (payload: AppEvents[E], db: Db) => Promise<readonly string[]>;

/** Pushes the notifications made to their users' sockets (any instance): `ids` in the inputs' order, null where held back. */
function push(inputs: readonly NotifyInput[], ids: unknown, ctx: AppContext) {
  const made = (ids ?? []) as (number | string | null)[];
  for (const [i, input] of inputs.entries()) {
    const id = made[i];
    if (id != null) ctx.realtime.toUser(input.userId, "notification", { kind: input.kind, id: Number(id) });
  }
}

/**
 * Notifies when `event` is published: `toNotify` says who gets which kind about what. The notifications are
 * written with the event's change by the SQL function create_notifications (drizzle/0024: policy and hourly
 * limit applied to each; inside the publishing transaction, or inside the writer's own statement when it makes
 * its change in one) and pushed to the users' sockets (any instance) after the commit; the actor is never told
 * of their own act. Wiring a new kind is one entry in manifest.ts, e.g.
 * `notifyOn("giveaway.won", (e) => ({ userId: e.userId, kind: "giveaway_won", subject: \`giveaway:${e.giveawayId}\` }))`.
 *
 * With `recipients` (users looked up when the event is published, e.g. the staff), `toNotify` says what each of
 * them gets; the lookup and the same create_notifications call run in the publishing transaction (so not for
 * ONE_STATEMENT_EVENTS), and the subscriptions are two: spread them into the manifest's list.
 */
export function notifyOn<E extends EventName>(
  event: E,
  toNotify: (payload: AppEvents[E]) => OneOrMore<NotifyInput>,
): EventSubscription<E>;
export function notifyOn<E extends EventName>(
  event: E,
  toNotify: (payload: AppEvents[E]) => Omit<NotifyInput, "userId">,
  recipients: Recipients<E>,
): EventSubscription<E>[];
export function notifyOn<E extends EventName>(
  event: E,
  toNotify: (payload: AppEvents[E]) => OneOrMore<NotifyInput> | Omit<NotifyInput, "userId">,
  recipients?: Recipients<E>,
): EventSubscription<E> | EventSubscription<E>[] {
  if (!recipients) {
    const inputs = (payload: AppEvents[E]) => list(toNotify(payload) as OneOrMore<NotifyInput>);
    return {
      event,
      phase: "inStatement",
      handler: {
        fn: "create_notifications",
        input: (payload) => inputs(payload).map(noticeJson),
        afterCommit: (payload, ids, ctx) => push(inputs(payload), ids, ctx),
      },
    };
  }
  const made = new WeakMap<object, { inputs: NotifyInput[]; ids: (number | null)[] }>();
  return [
    {
      event,
      phase: "inTransaction",
      handler: async (payload, tx) => {
        const notice = toNotify(payload) as Omit<NotifyInput, "userId">;
        const inputs = (await recipients(payload, tx)).map((userId) => ({ ...notice, userId }));
        made.set(payload as object, { inputs, ids: await createNotifications(tx, inputs) });
      },
    },
    {
      event,
      phase: "afterCommit",
      handler: (payload, ctx) => {
        const notified = made.get(payload as object);
        if (notified) push(notified.inputs, notified.ids, ctx);
      },
    },
  ];
}

/**
 * Removes notifications that no longer hold when `event` is published (a request accepted, declined or
 * cancelled; a blog reviewed; a subscription in a new state); tells the sockets. `which` may answer null: none.
 */
export function removeOn<E extends EventName>(
  event: E,
  which: (payload: AppEvents[E]) => RemoveWhere | null,
): EventSubscription<E>[] {
  const removed = new WeakMap<object, { id: number; userId: string }[]>();
  return [
    {
      event,
      phase: "inTransaction",
      handler: async (payload, tx) => {
        const where = which(payload);
        removed.set(payload as object, where ? await removeNotifications(tx, where) : []);
      },
    },
    {
      event,
      phase: "afterCommit",
      handler: (payload, ctx) => {
        for (const n of removed.get(payload as object) ?? [])
          ctx.realtime.toUser(n.userId, "notification:removed", { id: n.id });
      },
    },
  ];
}
