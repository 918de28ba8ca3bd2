import { Button, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { ROLES, type Role } from "@neonlab/shared/constants";
import { setUserRoleSchema } from "@neonlab/shared/schemas/admin";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSetRole } from "../api/roles.ts";
import classes from "./admin.module.css";

const LABELS: Record<Role, string> = { user: "User", moderator: "Moderator", admin: "Admin" };

/** Set a user's role by e-mail (the same rules as `npm run admin -- set-role`). */
function RoleForm() {
  const setRole = useSetRole();
  const [email, setEmail] = useState("");
  const [role, setRoleValue] = useState<Role>("moderator");
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = setUserRoleSchema.safeParse({ email, role });
    if (!parsed.success) {
      setResult({ ok: false, text: parsed.error.issues[0]?.message ?? "Enter an e-mail address." });
      return;
    }
    setResult(null);
    setRole.mutate(parsed.data, {
      onSuccess: (answer) => setResult({ ok: true, text: answer.message }),
      onError: (e) => setResult({ ok: false, text: errorMessage(e) }),
    });
  };
  return (
    <form onSubmit={submit} noValidate data-role-form>
      <Stack gap="sm">
        <TextInput
          label="User's e-mail"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <div>
          <Text component="span" size="sm" fw={500} id="role-label">
            Role
          </Text>
          <SegmentedControl
            aria-labelledby="role-label"
            fullWidth
            mt={4}
            value={role}
            onChange={(value) => setRoleValue(value as Role)}
            data={ROLES.map((value) => ({ value, label: LABELS[value] }))}
          />
        </div>
        <Button type="submit" loading={setRole.isPending} w="fit-content">
          Set role
        </Button>
        {result ? (
          <Text c={result.ok ? undefined : "red"} role={result.ok ? "status" : "alert"} data-role-result>
            {result.text}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/** /admin/users (admins): roles. */
export function AdminUsersPage() {
  return (
    <div className={classes.page}>
      <header className={classes.intro}>
        <p className="nl-eyebrow">Admin</p>
        <h1 className={classes.title}>Roles</h1>
      </header>
      <section className={`nl-panel ${classes.panel}`} aria-labelledby="set-role">
        <h2 id="set-role" className={classes.panelTitle}>
          Set a user's role
        </h2>
        <ul className={classes.rules}>
          <li>Moderators work the report queues; admins can also plan giveaways, give access and set roles.</li>
          <li>The change reaches the user's open sessions within seconds; they do not sign in again.</li>
          <li>NeonLab always keeps one admin: the last one can not step down.</li>
        </ul>
        <RoleForm />
      </section>
    </div>
  );
}
