import type { EventSubscription } from "../../app/module-manifest.ts";
import type { AppEvents, EventName } from "../../events/app-events.ts";
import { type NotifyInput, noticeJson, removeNotifications } from "./service.ts";

type OneOrMore<T> = T | T[] | null | undefined;
const list = <T>(value: OneOrMore<T>): T[] => (value == null ? [] : Array.isArray(value) ? value : [value]);

/**
 * Notifies when `event` is published: `toNotify` says who gets which kind about what. The notification is
 * written with the event's change (policy and hourly limit applied by the SQL function create_notifications,
 * drizzle/0024: inside the publishing transaction, or inside the writer's own statement when it makes its
 * change in one) and pushed to the user's sockets (any instance) after the commit. Wiring a new kind is one
 * entry in manifest.ts, e.g. `notifyOn("giveaway.won", (e) => ({ userId: e.userId, kind: "giveaway_won", subject: \`giveaway:${e.giveawayId}\` }))`.
 */
export function notifyOn<E extends EventName>(
  event: E,
  toNotify: (payload: AppEvents[E]) => OneOrMore<NotifyInput>,
): EventSubscription<E> {
  const inputs = (payload: AppEvents[E]) => list(toNotify(payload));
  return {
    event,
    phase: "inStatement",
    handler: {
      fn: "create_notifications",
      input: (payload) => inputs(payload).map(noticeJson),
      afterCommit(payload, result, ctx) {
        // The ids in the inputs' order, null where the policy held one back.
        const ids = (result ?? []) as (number | string | null)[];
        for (const [i, input] of inputs(payload).entries()) {
          const id = ids[i];
          if (id != null) ctx.realtime.toUser(input.userId, "notification", { kind: input.kind, id: Number(id) });
        }
      },
    },
  };
}

/** Removes notifications when `event` is published (a request accepted, declined or cancelled); tells the sockets. */
export function removeOn<E extends EventName>(
  event: E,
  which: (payload: AppEvents[E]) => Parameters<typeof removeNotifications>[1],
): EventSubscription<E>[] {
  const removed = new WeakMap<object, { id: number; userId: string }[]>();
  return [
    {
      event,
      phase: "inTransaction",
      handler: async (payload, tx) => {
        removed.set(payload as object, await removeNotifications(tx, which(payload)));
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
