import { Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { MESSAGES } from "@neonlab/shared/messages";
import type { PasswordOwner } from "@neonlab/shared/password-policy";
import { changeEmailSchema, changePasswordSchema } from "@neonlab/shared/schemas/auth";
import { IconLockCheck, IconMailCog } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { NewPasswordInput } from "../../../components/password-strength-meter.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { newPasswordProblem } from "../../../lib/password-check.ts";
import { useSession } from "../../../lib/session.tsx";
import { toast } from "../../../lib/toasts.ts";
import { validationTriggers, zodResolver } from "../../../lib/zod-form.ts";
import { changeEmail, changePassword } from "../api/change-credentials.ts";

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const form = useForm({
    initialValues: { newEmail: "" },
    validate: zodResolver(changeEmailSchema),
    ...validationTriggers(),
  });
  const change = useMutation({
    mutationFn: (newEmail: string) => changeEmail(newEmail),
    onSuccess: () => {
      toast.success(MESSAGES.emailUpdated);
      form.reset();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <form onSubmit={form.onSubmit((values) => change.mutate(changeEmailSchema.parse(values).newEmail))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Signed in as <strong>{currentEmail}</strong>. A confirmation link goes to the new address.
        </Text>
        <TextInput label="New email" type="email" autoComplete="email" required {...form.getInputProps("newEmail")} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} leftSection={<IconMailCog size={18} />}>
            Update Email
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// Beside "Repeat the new password", the rule goes under the input so the two inputs line up.
const HINT_BELOW: ("label" | "input" | "description" | "error")[] = ["label", "input", "description", "error"];

type PasswordValues = { currentPassword: string; newPassword: string; confirm: string; signOutOtherDevices: boolean };

const validatePasswords = (values: PasswordValues): FormErrors => ({
  ...zodResolver(changePasswordSchema)(values),
  ...(values.confirm !== values.newPassword ? { confirm: "Passwords do not match" } : {}),
});

/** `owner`: the signed-in user, whose e-mail, name and username the new password must not contain. */
export function ChangePasswordForm({ owner }: { owner: PasswordOwner }) {
  const session = useSession();
  const form = useForm<PasswordValues>({
    initialValues: { currentPassword: "", newPassword: "", confirm: "", signOutOtherDevices: true },
    validate: validatePasswords,
    ...validationTriggers(),
  });
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword, signOutOtherDevices }: PasswordValues) =>
      changePassword({ currentPassword, newPassword, signOutOtherDevices }),
    onSuccess: async (newToken) => {
      // Signing the other devices out ended this session too; the answer carries its successor.
      if (newToken) await session.signIn(newToken);
      toast.success(MESSAGES.passwordUpdated);
      form.reset();
    },
    onError: (error) => {
      // A wrong current password is that field's problem: said beside it as well as in the toast.
      if (error instanceof ApiError && error.code === "INVALID_PASSWORD")
        form.setFieldError("currentPassword", errorMessage(error));
      toast.error(errorMessage(error));
    },
  });

  const submit = form.onSubmit(async (values) => {
    const problem = await newPasswordProblem(values.newPassword, owner);
    if (problem) form.setFieldError("newPassword", problem);
    else change.mutate(values);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps("currentPassword")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NewPasswordInput
            label="New password"
            owner={owner}
            inputWrapperOrder={HINT_BELOW}
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            {...form.getInputProps("confirm")}
          />
        </SimpleGrid>
        <Checkbox
          label="Sign out my other devices"
          description="Every other browser and device signed in to this account will have to sign in again."
          {...form.getInputProps("signOutOtherDevices", { type: "checkbox" })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} leftSection={<IconLockCheck size={18} />}>
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
