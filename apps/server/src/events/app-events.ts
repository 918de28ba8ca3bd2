/**
 * Every in-process event and its payload. A module that announces something adds its event here;
 * modules that react subscribe through `ctx.events` (see event-bus.ts). Realtime events for the
 * browser are a different map: `ServerToClientEvents` in @neonlab/shared/realtime.
 */
export interface AppEvents {
  /** A user deleted their account (DELETE /api/users). */
  "account.deleted": { userId: string; email: string };
}

export type EventName = keyof AppEvents;
