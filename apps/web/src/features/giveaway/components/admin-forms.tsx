import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { createGiveawaySchema, userAccessSchema } from "@neonlab/shared/schemas/giveaway";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useCreateRound, useSetAccess } from "../api/admin.ts";

const inAWeek = () => {
  const d = new Date(Date.now() + 7 * 86_400_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A new giveaway round: title, prize, winners, end (local time), optional weekly repeat. */
export function CreateRoundForm() {
  const create = useCreateRound();
  const [form, setForm] = useState({
    title: "Weekly NeonBits giveaway",
    prize: "500",
    winners: "1",
    ends: inAWeek(),
    repeat: "7",
  });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.currentTarget.value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createGiveawaySchema.safeParse({
      title: form.title,
      prize: Number(form.prize),
      winners: Number(form.winners),
      endsAt: form.ends ? new Date(form.ends).toISOString() : "",
      repeatDays: form.repeat ? Number(form.repeat) : null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the fields.");
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (round) => toast.success(`Round "${round.title}" created; it is drawn at its end.`),
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <form onSubmit={submit} noValidate data-create-round>
      <Stack gap="sm">
        <TextInput label="Title" value={form.title} onChange={set("title")} required />
        <Group grow align="flex-start">
          <TextInput label="NeonBits per winner" type="number" min={1} value={form.prize} onChange={set("prize")} />
          <TextInput label="Winners" type="number" min={1} value={form.winners} onChange={set("winners")} />
        </Group>
        <Group grow align="flex-start">
          <TextInput label="Ends at (your time)" type="datetime-local" value={form.ends} onChange={set("ends")} />
          <TextInput
            label="Repeat every (days)"
            description="Empty: a single round"
            type="number"
            min={1}
            value={form.repeat}
            onChange={set("repeat")}
          />
        </Group>
        {error ? (
          <Text c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Button type="submit" loading={create.isPending} w="fit-content">
          Create round
        </Button>
      </Stack>
    </form>
  );
}

/** Grant or revoke admin-given access (has_access) by e-mail. */
export function AccessForm() {
  const setAccess = useSetAccess();
  const [email, setEmail] = useState("");
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const run = (hasAccess: boolean) => {
    const parsed = userAccessSchema.safeParse({ email, hasAccess });
    if (!parsed.success) {
      setResult({ ok: false, text: parsed.error.issues[0]?.message ?? "Enter an e-mail address." });
      return;
    }
    setAccess.mutate(parsed.data, {
      onSuccess: (answer) => setResult({ ok: true, text: answer.message }),
      onError: (e) => setResult({ ok: false, text: errorMessage(e) }),
    });
  };
  return (
    <Stack gap="sm" data-access-form>
      <TextInput label="User's e-mail" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <Group gap="sm">
        <Button onClick={() => run(true)} loading={setAccess.isPending && setAccess.variables?.hasAccess === true}>
          Grant access
        </Button>
        <Button
          variant="default"
          onClick={() => run(false)}
          loading={setAccess.isPending && setAccess.variables?.hasAccess === false}
        >
          Revoke access
        </Button>
      </Group>
      {result ? (
        <Text c={result.ok ? undefined : "red"} role={result.ok ? "status" : "alert"}>
          {result.text}
        </Text>
      ) : null}
    </Stack>
  );
}
