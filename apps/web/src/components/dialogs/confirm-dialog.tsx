import { Button, Group } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { sanitizeHtml } from "../../lib/sanitize-html.ts";
import classes from "./dialog.module.css";

export type ConfirmOptions = {
  title?: string;
  /** HTML; sanitised before it is shown. */
  message: string;
  icon?: ReactNode;
  confirmLabel?: string;
  confirmIcon?: ReactNode;
  /** Button colour of the confirm action, e.g. "red" for destructive actions. */
  confirmColor?: string;
  cancelLabel?: string;
  cancelIcon?: ReactNode;
  hideCancel?: boolean;
};

/** Dialog 10: message with an icon, No (times) / Yes (check) by default. */
export function ConfirmDialog({
  options,
  onConfirm,
  onCancel,
}: {
  options: ConfirmOptions;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const {
    message,
    icon = <IconAlertTriangle size={30} stroke={1.6} />,
    confirmLabel = "Yes",
    confirmIcon = <IconCheck size={18} />,
    confirmColor,
    cancelLabel = "No",
    cancelIcon = <IconX size={18} />,
    hideCancel = false,
  } = options;
  return (
    <div>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <span aria-hidden="true" style={{ color: "var(--nl-accent-2)", flex: "none" }}>
          {icon}
        </span>
        <div
          className={classes.message}
          data-confirm-message
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(message) }}
        />
      </Group>
      <Group justify="flex-end" gap="sm" mt="lg">
        {!hideCancel && (
          <Button variant="default" leftSection={cancelIcon} onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
        <Button leftSection={confirmIcon} color={confirmColor} onClick={onConfirm} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </div>
  );
}
