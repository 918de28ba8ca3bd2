import { Badge, Button, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import {
  type Invite,
  INVITES_PER_DAY,
  REFERRAL_REWARD,
  type ReferralLink,
  referralInviteSchema,
} from "@neonlab/shared/schemas/referrals";
import { IconCopy, IconMailForward, IconPencil, IconSend, IconShare } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { useInvite, useInvites, useManageInvite } from "../api/referrals.ts";
import classes from "./invite-settings.module.css";
import { useFormatDate } from "../../../lib/dates.ts";
import { copyLink } from "../../../lib/copy-link.ts";

const STATE_LABEL: Record<Invite["state"], { label: string; color: string }> = {
  sent: { label: "Invited", color: "gray" },
  joined: { label: "Signed up, not confirmed", color: "yellow" },
  confirmed: { label: `Joined · +${REFERRAL_REWARD} NeonBits`, color: "teal" },
  refused: { label: "Joined · no reward (your own or an existing account's mailbox)", color: "red" },
};

/** One invite: its state; while nobody joined, send it again or correct the address. */
function InviteRow({ invite }: { invite: Invite }) {
  const formatDate = useFormatDate();
  const manage = useManageInvite();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState(invite.email ?? "");
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
    <li className={classes.row} data-invite={invite.email ?? `link-${invite.id}`} data-invite-via={invite.via}>
      <div className={classes.main}>
        <Text fw={600} className={classes.email}>
          {invite.email ?? "Signed up through your link"}
        </Text>
        <Text size="sm" c="dimmed">
          {invite.invitee ? (
            <>
              Joined as <Link to={`/profile/${invite.invitee.username}`}>{invite.invitee.display_name}</Link> ·{" "}
            </>
          ) : null}
          {invite.via === "link"
            ? `on ${formatDate(invite.created_at)}`
            : `Sent ${invite.sent_count === 1 ? "once" : `${invite.sent_count} times`}, last on ${formatDate(invite.last_sent_at)}`}
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

/** The share sheet's answer when the user closes it: not a failure. */
const dismissed = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/**
 * The personal invite link: Copy (the clipboard) and, where the browser has a share sheet (navigator.share,
 * phones mostly), Share.
 */
function PersonalLink({ link }: { link: ReferralLink }) {
  const canShare = typeof navigator.share === "function";
  const share = async () => {
    try {
      await navigator.share({
        title: "Join me on NeonLab",
        text: "Learn hands-on with me on NeonLab.",
        url: link.url,
      });
    } catch (error) {
      if (!dismissed(error)) toast.error("Sharing did not work here; copy the link instead.");
    }
  };
  return (
    <Stack gap={6} component="section" aria-labelledby="your-link" data-invite-link>
      <Text component="h2" fw={700} size="lg" id="your-link" m={0}>
        Your invite link
      </Text>
      <Group align="flex-end" gap="sm" className={classes.form}>
        <TextInput
          label="Personal sign-up link"
          description="Anyone who signs up through it counts as your invite."
          value={link.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          classNames={{ input: "nl-terminal" }}
          className={classes.formInput}
        />
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => copyLink(link.url)}>
            Copy
          </Button>
          {canShare ? (
            <Button variant="default" leftSection={<IconShare size={16} />} onClick={share}>
              Share
            </Button>
          ) : null}
        </Group>
      </Group>
    </Stack>
  );
}

/** Settings → Invite: the personal link, invites by e-mail; your invites and what they earned. */
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
        Share your link or invite a friend by e-mail. When they sign up through your link and confirm their account, you
        get <strong>{REFERRAL_REWARD} NeonBits</strong> (up to {INVITES_PER_DAY} invites count a day).
      </Text>
      {invites.data ? <PersonalLink link={invites.data.link} /> : null}
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
              Earned {invites.data.earned} NeonBits · {invites.data.sent_today} of {invites.data.per_day} invites today
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
