import { Button, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { ContactInput } from "@neonlab/shared/schemas/auth";
import { IconBook, IconHelpCircle, IconSend } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import { api, errorMessage } from "../../lib/api-client.ts";
import { toast } from "../../lib/toasts.ts";
import { useSession } from "../../lib/session.tsx";
import classes from "./contact-page.module.css";
import { PageHeader } from "./components/page-header.tsx";
import { schemaCheck } from "../../lib/zod-form.ts";

const check = schemaCheck(() => import("@neonlab/shared/schemas/auth").then((m) => m.contactSchema));

/** POST /api/users/contact: stored and mailed to the operator; answers {message}. */
const sendContactMessage = (input: ContactInput) =>
  api<{ message: string }>("users/contact", { method: "POST", body: input });

export function ContactPage() {
  const { profile } = useSession();
  const form = useForm<ContactInput>({
    mode: "controlled",
    initialValues: { name: profile?.display_name ?? "", email: profile?.email ?? "", subject: "", message: "" },
    validate: check.validate,
    validateInputOnBlur: true,
  });
  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: ({ message }) => {
      toast.success(message);
      form.setValues({ subject: "", message: "" });
      form.resetDirty();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <>
      <PageHeader eyebrow="// contact" title="Contact the NeonLab team">
        <p>Questions, bugs, ideas or a course you would like to see: we read every message and answer by e-mail.</p>
      </PageHeader>
      <div className={classes.layout}>
        <form
          className={`nl-panel ${classes.form}`}
          onFocus={check.prepare}
          onSubmit={form.onSubmit(async (values) => send.mutate(await check.output(values)))}
          noValidate
          aria-label="Contact form"
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Name" autoComplete="name" withAsterisk {...form.getInputProps("name")} />
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                withAsterisk
                {...form.getInputProps("email")}
              />
            </SimpleGrid>
            <TextInput label="Subject" withAsterisk {...form.getInputProps("subject")} />
            <Textarea
              label="Message"
              withAsterisk
              autosize
              minRows={6}
              maxRows={14}
              description="At least 10 characters."
              {...form.getInputProps("message")}
            />
            <Button
              type="submit"
              loading={send.isPending}
              leftSection={<IconSend size={18} />}
              style={{ alignSelf: "flex-start" }}
            >
              Send message
            </Button>
          </Stack>
        </form>
        <aside className={classes.aside} aria-label="Other ways to get help">
          <div className={classes.tip}>
            <IconHelpCircle size={22} aria-hidden="true" />
            <div>
              <h2>Quick answers</h2>
              <p>
                Codes, streaks, XP and billing are covered in <Link to="/help">Help &amp; FAQ</Link>.
              </p>
            </div>
          </div>
          <div className={classes.tip}>
            <IconBook size={22} aria-hidden="true" />
            <div>
              <h2>How-to guides</h2>
              <p>
                Step-by-step <Link to="/tutorials">tutorials</Link> for your first lesson, the AI tutor and more.
              </p>
            </div>
          </div>
        </aside>
      </div>
    </>
  );
}
