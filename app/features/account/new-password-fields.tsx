import { TextField } from "../../components/form-field";

/** A new password and its repeat, with the password rule said beside the first (register, reset, change). */
export function NewPasswordFields({
  errors,
  label = "New password",
  repeatLabel = "Repeat new password",
}: {
  errors: Record<string, string>;
  label?: string;
  repeatLabel?: string;
}) {
  return (
    <>
      <TextField
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        required
        errors={errors}
        hint="At least 8 characters, with a letter and a number."
      />
      <TextField name="confirmPassword" label={repeatLabel} type="password" autoComplete="new-password" required errors={errors} />
    </>
  );
}
