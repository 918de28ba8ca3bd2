import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { CONFIRMATION_CODE_LENGTH } from "@neonlab/shared/constants";
import { MESSAGES } from "@neonlab/shared/messages";
import { IconLogin2, IconMailForward } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { CodeEntry } from "../../../components/code-entry.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { isCompleteCode } from "../../../lib/code-entry-rules.ts";
import { sendSignInCode, signInWithCode } from "../api/sign-in.ts";
import { toast } from "../../../lib/toasts.ts";
import { useCodeField } from "../lib/code-errors.ts";
import { useCompleteSignIn } from "../lib/use-complete-sign-in.ts";
import { schemaCheck, validationTriggers } from "../../../lib/zod-form.ts";

const check = schemaCheck(() =>
  import("@neonlab/shared/schemas/auth").then((m) => m.signInSchema.pick({ email: true })),
);

/** Sign-in with a one-time code mailed to the address: ask for the code, then enter it. */
/** `then`: where to go once signed in (a picked plan's checkout); else the saved return path. */
export function CodeSignInForm({ then }: { then?: string } = {}) {
  const completeSignIn = useCompleteSignIn();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { code, setCode, error: codeError, reject: rejectCode } = useCodeField();
  const form = useForm({
    initialValues: { email: "" },
    validate: check.validate,
    ...validationTriggers(),
  });

  const send = useMutation({
    mutationFn: (email: string) => sendSignInCode(email),
    onSuccess: (_, email) => {
      toast.success(MESSAGES.emailSent);
      setSentTo(email);
      setCode("");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const signIn = useMutation({
    mutationFn: (email: string) => signInWithCode({ email, code }),
    onSuccess: (token) => completeSignIn(token, then),
    onError: rejectCode,
  });

  if (!sentTo) {
    return (
      <form
        onFocus={check.prepare}
        onSubmit={form.onSubmit(({ email }) => send.mutate(email.trim().toLowerCase()))}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            description="We will mail you a one-time sign-in code."
            {...form.getInputProps("email")}
            key={form.key("email")}
          />
          <Button type="submit" fullWidth loading={send.isPending} leftSection={<IconMailForward size={18} />}>
            Send Code
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (isCompleteCode(code) && !signIn.isPending) signIn.mutate(sentTo);
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Enter the {CONFIRMATION_CODE_LENGTH}-digit code sent to <strong>{sentTo}</strong>.
        </Text>
        <CodeEntry
          label="Sign-in code"
          value={code}
          onChange={setCode}
          error={codeError}
          disabled={signIn.isPending}
          autoFocus
        />
        <Button
          type="submit"
          fullWidth
          loading={signIn.isPending}
          disabled={!isCompleteCode(code)}
          leftSection={<IconLogin2 size={18} />}
        >
          Sign In
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
            Use another email
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={send.isPending}
            onClick={() => send.mutate(sentTo)}
          >
            Send a new code
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
