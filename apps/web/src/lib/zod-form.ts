import type { FormErrors } from "@mantine/form";
import type { ZodType } from "zod";

/**
 * Turns a shared zod schema into a Mantine form validator: the first message of each field,
 * keyed by Mantine's dotted path ("editor_preferences.fontSize", "skills.0").
 */
export function zodResolver(schema: ZodType): (values: unknown) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join(".");
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}

/**
 * Spec §5: validate on blur and on change, not on input. A text field's "change" is its
 * committed value (blur), so text fields validate on blur; fields whose value is committed
 * in one gesture (selects, switches, number spinners) are listed to validate on change too.
 */
export function validationTriggers<Field extends string>(changeFields: Field[] = []) {
  return { validateInputOnBlur: true, validateInputOnChange: changeFields } as const;
}
