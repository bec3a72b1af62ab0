/** The part of a zod schema the forms need: a safe parse that names each issue's field. */
export interface FieldSchema {
  safeParse(input: unknown):
    | { success: true }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
      };
}

/**
 * A Mantine form validator from a model/ schema: the form's values (plus fields the form does not
 * show, such as the site) are parsed, and each issue's message lands on the field it names, so the
 * screen shows exactly the messages the model enforces.
 */
export function validateWith<V extends object>(
  schema: FieldSchema,
  extra: Record<string, unknown> = {},
): (values: V) => Record<string, string> {
  return (values) => {
    const result = schema.safeParse({ ...values, ...extra });
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      errors[field] ??= issue.message;
    }
    return errors;
  };
}
