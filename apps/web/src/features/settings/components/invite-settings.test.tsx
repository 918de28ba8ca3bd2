import { notifications } from "@mantine/notifications";
import { MESSAGES } from "@neonlab/shared/messages";
import { type Invites, invitesSchema } from "@neonlab/shared/schemas/referrals";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { InviteSettings } from "./invite-settings.tsx";

const url = "http://localhost:3000/register?referral=Zq3v_8LkR2mXc4Tb";
const when = "2026-03-02T10:00:00.000Z";
const invites: Invites = {
  items: [
    {
      id: 2,
      email: null,
      via: "link",
      state: "confirmed",
      sent_count: 0,
      last_sent_at: when,
      created_at: when,
      invitee: { id: "u-2", username: "cleo", display_name: "Cleo Linked", avatar: null },
      reward: 200,
    },
    {
      id: 1,
      email: "bo@example.test",
      via: "email",
      state: "sent",
      sent_count: 1,
      last_sent_at: when,
      created_at: when,
      invitee: null,
      reward: 0,
    },
  ],
  earned: 200,
  sent_today: 2,
  per_day: 10,
  link: { code: "Zq3v_8LkR2mXc4Tb", url },
};

afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "share");
});

describe("Settings → Invite: the personal link", { timeout: 20_000 }, () => {
  it("shows the link, copies it with the spec toast, and lists link sign-ups without an address", async () => {
    mockGet("/api/users/referrals", invitesSchema, invites);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    renderApp(<InviteSettings />, { path: "/settings?tab=invite" });
    const field = await screen.findByLabelText("Personal sign-up link");
    expect((field as HTMLInputElement).value).toBe(url);
    expect(field.hasAttribute("readonly")).toBe(true);
    // No share sheet in this browser: no Share button.
    expect(screen.queryByRole("button", { name: "Share" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText(MESSAGES.linkCopied)).toBeTruthy();

    const row = document.querySelector<HTMLElement>('[data-invite-via="link"]')!;
    expect(within(row).getByText("Signed up through your link")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Cleo Linked" }).getAttribute("href")).toBe("/profile/cleo");
    expect(row.textContent).not.toMatch(/Sent|@/);
    expect(screen.getByText(/2 of 10 invites/)).toBeTruthy();
  });

  it("offers Share where the browser has a share sheet, with the link; closing the sheet is no error", async () => {
    mockGet("/api/users/referrals", invitesSchema, invites);
    const user = userEvent.setup();
    const share = vi
      .fn()
      .mockRejectedValueOnce(new DOMException("Share canceled", "AbortError"))
      .mockResolvedValue(undefined);
    Object.defineProperty(navigator, "share", { configurable: true, value: share });
    renderApp(<InviteSettings />, { path: "/settings?tab=invite" });
    const button = await screen.findByRole("button", { name: "Share" });
    await user.click(button);
    await user.click(button);
    expect(share).toHaveBeenCalledTimes(2);
    expect(share.mock.calls[0]?.[0]).toMatchObject({ url, title: "Join me on NeonLab" });
    expect(screen.queryByText(/Sharing did not work/)).toBeNull();
  });
});
