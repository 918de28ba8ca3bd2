import type { FormErrors } from "@mantine/form";
import type { input, output, ZodType } from "zod";

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

/**
 * A form's schema loaded apart from the page: zod and the shared schemas are a chunk of their own (about
 * 25 KiB gzip, evaluated in one task), which a sign-in or contact page's first paint does not need. The form
 * starts the load when it is first focused (`prepare`, the form's onFocus). `validate` is Mantine's validator:
 * the schema's messages at once when it is there, else a promise of them (Mantine awaits it on blur and on
 * submit). `output` is what the form sends: the values as the schema outputs them (trimmed, defaulted).
 * A schema that can not load (offline, a removed release) answers no errors and sends the values as typed:
 * the server parses them with the same schema and answers its message.
 */
export type SchemaCheck<Schema extends ZodType> = {
  validate(values: unknown): FormErrors | Promise<FormErrors>;
  output(values: input<Schema>): Promise<output<Schema>>;
  prepare(): void;
};

export function schemaCheck<Schema extends ZodType>(load: () => Promise<Schema>): SchemaCheck<Schema> {
  let resolve: ((values: unknown) => FormErrors) | undefined;
  let loading: Promise<Schema> | undefined;
  const schema = () => {
    loading ??= load().then(
      (value) => {
        resolve = zodResolver(value);
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    validate: (values) =>
      resolve?.(values) ??
      schema().then(
        () => resolve?.(values) ?? {},
        () => ({}),
      ),
    output: (values) =>
      schema().then(
        (value) => value.parse(values),
        // Unchecked on purpose: the server's parse of the same schema is the check.
        () => values as output<Schema>,
      ),
    prepare: () => void schema().catch(() => undefined),
  };
}
