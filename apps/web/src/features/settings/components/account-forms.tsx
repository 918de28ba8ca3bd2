import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { MESSAGES } from "@neonlab/shared/messages";
import { changeEmailSchema, changePasswordSchema } from "@neonlab/shared/schemas/auth";
import { IconLockCheck, IconMailCog } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api-client.ts";
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

type PasswordValues = { currentPassword: string; newPassword: string; confirm: string };

const validatePasswords = (values: PasswordValues): FormErrors => ({
  ...zodResolver(changePasswordSchema)(values),
  ...(values.confirm !== values.newPassword ? { confirm: "Passwords do not match" } : {}),
});

export function ChangePasswordForm() {
  const form = useForm<PasswordValues>({
    initialValues: { currentPassword: "", newPassword: "", confirm: "" },
    validate: validatePasswords,
    ...validationTriggers(),
  });
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: PasswordValues) => changePassword({ currentPassword, newPassword }),
    onSuccess: () => {
      toast.success(MESSAGES.passwordUpdated);
      form.reset();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps("currentPassword")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label="New password"
            description="At least 8 characters."
            autoComplete="new-password"
            required
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            {...form.getInputProps("confirm")}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} leftSection={<IconLockCheck size={18} />}>
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
