import { Button, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { renderApp } from "../test/render-app.tsx";
import { type SchemaCheck, schemaCheck } from "./zod-form.ts";

afterEach(cleanup);

const emailSchema = z.object({ email: z.string().trim().pipe(z.email("Enter a valid email address.")) });

/** A schema whose load the test lets through when it wants. */
function heldSchema() {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const load = vi.fn(() => arrived.then(() => emailSchema));
  return { load, release };
}

function EmailForm({ check, onSend }: { check: SchemaCheck<typeof emailSchema>; onSend: (email: string) => void }) {
  const form = useForm({ initialValues: { email: "" }, validate: check.validate, validateInputOnBlur: true });
  return (
    <form
      onFocus={check.prepare}
      onSubmit={form.onSubmit(async (values) => onSend((await check.output(values)).email))}
      noValidate
    >
      <TextInput label="Email" {...form.getInputProps("email")} key={form.key("email")} />
      <Button type="submit">Send</Button>
    </form>
  );
}

describe("a form's schema loaded apart", () => {
  it("loads only once the form is focused, then answers the schema's messages", async () => {
    const { load, release } = heldSchema();
    const check = schemaCheck(load);
    renderApp(<EmailForm check={check} onSend={vi.fn()} />);
    expect(load).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("textbox", { name: "Email" }));
    expect(load).toHaveBeenCalledTimes(1);
    release();
    await userEvent.type(screen.getByRole("textbox", { name: "Email" }), "not-an-address");
    await userEvent.tab();
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
  });

  it("checks a field left before the schema arrived once it does", async () => {
    const { load, release } = heldSchema();
    renderApp(<EmailForm check={schemaCheck(load)} onSend={vi.fn()} />);
    await userEvent.type(screen.getByRole("textbox", { name: "Email" }), "ada");
    await userEvent.tab();
    expect(screen.queryByText("Enter a valid email address.")).toBeNull();

    release();
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
  });

  it("holds a submit made before the schema arrived, then checks it", async () => {
    const { load, release } = heldSchema();
    const onSend = vi.fn();
    renderApp(<EmailForm check={schemaCheck(load)} onSend={onSend} />);
    await userEvent.type(screen.getByRole("textbox", { name: "Email" }), "ada");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).not.toHaveBeenCalled();

    release();
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole("textbox", { name: "Email" }), "@example.test ");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith("ada@example.test"));
  });

  it("leaves the check to the server when the schema can not load, and tries again next time", async () => {
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new TypeError("Failed to fetch");
      return emailSchema;
    });
    const check = schemaCheck(load);
    const onSend = vi.fn();
    renderApp(<EmailForm check={check} onSend={onSend} />);
    await userEvent.type(screen.getByRole("textbox", { name: "Email" }), " ada");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith(" ada"));

    online = true;
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
