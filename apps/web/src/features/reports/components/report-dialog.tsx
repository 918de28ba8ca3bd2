import { Button, Group, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  appReportInputSchema,
  lessonReportInputSchema,
  REPORT_CAUSES,
  REPORT_DESCRIPTION_MAX,
} from "@neonlab/shared/schemas/reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendReport } from "../api/reports.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toasts.ts";
import { validationTriggers, zodResolver } from "../../../lib/zod-form.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export type ReportTarget = { kind: "app" } | { kind: "lesson"; lessonId: number; lessonTitle: string };

/** Report a problem: what it is about (a cause of the target's kind) and what happened; sent, it shows in "Your reports". */
export function ReportDialog({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const client = useQueryClient();
  const causes = Object.entries(REPORT_CAUSES[target.kind]);
  const form = useForm({
    initialValues: { cause: "", description: "" },
    validate: zodResolver(target.kind === "app" ? appReportInputSchema : lessonReportInputSchema),
    ...validationTriggers(["cause"]),
  });
  const send = useMutation({
    mutationFn: (values: { cause: string; description: string }) =>
      sendReport({ ...values, lessonId: target.kind === "lesson" ? target.lessonId : undefined }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.reports.mine() });
      toast.success("Thanks! Your report was sent to the moderators.");
      onDone();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate data-report-dialog={target.kind}>
      <Stack gap="md">
        {target.kind === "lesson" && (
          <Text size="sm">
            About the lesson <strong>{target.lessonTitle}</strong>
          </Text>
        )}
        <Radio.Group label="What is it about?" withAsterisk {...form.getInputProps("cause")}>
          <Stack gap={6} mt={6}>
            {causes.map(([value, label]) => (
              <Radio key={value} value={value} label={label} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="What happened?"
          description="What you did, what you expected, what you saw instead."
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          maxLength={REPORT_DESCRIPTION_MAX}
          {...form.getInputProps("description")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send report
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
