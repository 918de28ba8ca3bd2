import { Text } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDialog } from "../components/dialogs/open-dialog.tsx";
import { toast } from "../lib/toasts.ts";
import { Providers } from "./providers.tsx";

// The hosts of toasts and dialogs load the first time one is shown, not with every page.

const loads = vi.hoisted(() => ({ toasts: 0, dialogs: 0 }));
vi.mock("@mantine/notifications", async (importOriginal) => {
  loads.toasts += 1;
  return importOriginal();
});
vi.mock("../components/dialogs/modals-host.tsx", async (importOriginal) => {
  loads.dialogs += 1;
  return importOriginal();
});

afterEach(cleanup);

// In this order: the first test checks that no host's code has been loaded yet.
describe("the app's providers", () => {
  it("load neither the toasts' nor the dialogs' host for a page that shows none", async () => {
    render(
      <Providers>
        <p>A page</p>
      </Providers>,
    );
    expect(screen.getByText("A page")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loads).toEqual({ toasts: 0, dialogs: 0 });
  });

  it("load the toasts' host with the first toast, and show it", async () => {
    render(
      <Providers>
        <p>A page</p>
      </Providers>,
    );
    toast.success("Saved it");
    expect(await screen.findByText("Saved it")).toBeTruthy();
    expect(loads.toasts).toBeGreaterThan(0);
    expect(loads.dialogs).toBe(0);
  });

  it("load the dialogs' host with the first dialog, and open it", async () => {
    render(
      <Providers>
        <p>A page</p>
      </Providers>,
    );
    void openDialog({ width: 350, name: "hello", title: "Hello", render: () => <Text>Hi there</Text> });
    expect(await screen.findByText("Hi there")).toBeTruthy();
    expect(loads.dialogs).toBe(1);
  });
});
