import { describe, expect, it } from "vitest";
import { connected, disconnection, listen, socketOpener } from "../test/sockets.ts";
import { createTestApp } from "../test/test-app.ts";
import { createUser } from "../test/users.ts";

const open = socketOpener();

// An instance that stops (a restart, a rolling update behind the proxy) closes its sockets' connections without
// telling them they were disconnected on purpose: socket.io clients reconnect after "transport close", never
// after "io server disconnect" (kept for a session that ended).
describe("realtime when the server closes", () => {
  it("drops sockets with a transport close, so clients reconnect", async () => {
    const app = await createTestApp();
    const url = await listen(app);
    const user = await createUser(app);
    const socket = open(url, user.token);
    await connected(socket);
    const reason = disconnection(socket);
    await app.close();
    expect(await reason).toBe("transport close");
  });
});
