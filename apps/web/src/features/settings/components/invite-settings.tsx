import { Badge, Button, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import { type Invite, REFERRAL_REWARD, referralInviteSchema } from "@neonlab/shared/schemas/referrals";
import { IconMailForward, IconPencil, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useInvite, useInvites, useManageInvite } from "../api/referrals.ts";
import classes from "./invite-settings.module.css";

const STATE_LABEL: Record<Invite["state"], { label: string; color: string }> = {
  sent: { label: "Invited", color: "gray" },
  joined: { label: "Signed up, not confirmed", color: "yellow" },
  confirmed: { label: `Joined · +${REFERRAL_REWARD} NeonBits`, color: "teal" },
  refused: { label: "Joined · no reward (your own or an existing account's mailbox)", color: "red" },
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** One invite: its state; while nobody joined, send it again or correct the address. */
function InviteRow({ invite }: { invite: Invite }) {
  const manage = useManageInvite();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState(invite.email);
  const [error, setError] = useState<string | null>(null);
  const state = STATE_LABEL[invite.state];
  const run = (input: { email?: string; sendNotification?: boolean }) => {
    setError(null);
    manage.mutate(
      { referral: invite.id, ...input },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setEditing(false);
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <li className={classes.row} data-invite={invite.email}>
      <div className={classes.main}>
        <Text fw={600} className={classes.email}>
          {invite.email}
        </Text>
        <Text size="sm" c="dimmed">
          {invite.invitee ? (
            <>
              Joined as <Link to={`/profile/${invite.invitee.username}`}>{invite.invitee.display_name}</Link> ·{" "}
            </>
          ) : null}
          Sent {invite.sent_count === 1 ? "once" : `${invite.sent_count} times`}, last on{" "}
          {dateFormat.format(new Date(invite.last_sent_at))}
        </Text>
      </div>
      <Badge color={state.color} variant="light" className={classes.badge} data-invite-state={invite.state}>
        {state.label}
      </Badge>
      {invite.state === "sent" ? (
        <Group gap="xs" className={classes.actions}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMailForward size={14} />}
            loading={manage.isPending && !editing}
            onClick={() => run({ sendNotification: true })}
          >
            Send again
          </Button>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing((v) => !v)}
            aria-expanded={editing}
          >
            Fix address
          </Button>
        </Group>
      ) : null}
      {editing ? (
        <form
          className={classes.fix}
          onSubmit={(event) => {
            event.preventDefault();
            run({ email, sendNotification: true });
          }}
        >
          <TextInput
            label={`Correct address for ${invite.email}`}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            className={classes.fixInput}
          />
          <Button type="submit" size="sm" loading={manage.isPending}>
            Save and send
          </Button>
        </form>
      ) : null}
      {error ? (
        <Text c="red" size="sm" role="alert" className={classes.error}>
          {error}
        </Text>
      ) : null}
    </li>
  );
}

/** Settings → Invite: invite a friend by e-mail; your invites and what they earned. */
export function InviteSettings() {
  const invites = useInvites();
  const invite = useInvite();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = referralInviteSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter a valid email address");
      return;
    }
    setError(null);
    invite.mutate(parsed.data.email, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setEmail("");
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };
  return (
    <Stack gap="lg">
      <Text>
        Invite a friend by e-mail. When they sign up through your link and confirm their account, you get{" "}
        <strong>{REFERRAL_REWARD} NeonBits</strong>.
      </Text>
      <form onSubmit={submit} noValidate data-invite-form>
        <Group align="flex-start" gap="sm" className={classes.form}>
          <TextInput
            label="Friend's email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            className={classes.formInput}
          />
          <Button
            type="submit"
            loading={invite.isPending}
            leftSection={<IconSend size={16} />}
            className={classes.send}
          >
            Send invite
          </Button>
        </Group>
      </form>
      {invites.isPending ? <Loader aria-label="Loading your invites" /> : null}
      {invites.isError ? <Text role="alert">{errorMessage(invites.error)}</Text> : null}
      {invites.data ? (
        <Stack gap="sm" component="section" aria-labelledby="your-invites">
          <Group justify="space-between" align="baseline">
            <Text component="h2" fw={700} size="lg" id="your-invites" m={0}>
              Your invites
            </Text>
            <Text size="sm" c="dimmed" data-invites-summary>
              Earned {invites.data.earned} NeonBits · {invites.data.sent_today} of {invites.data.per_day} invite mails
              sent today
            </Text>
          </Group>
          {invites.data.items.length === 0 ? (
            <Text c="dimmed">No invites yet.</Text>
          ) : (
            <ul className={classes.list}>
              {invites.data.items.map((item) => (
                <InviteRow key={item.id} invite={item} />
              ))}
            </ul>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
