import type { ReactNode } from "react";
import { Form, useSearchParams } from "react-router";
import { SubmitButton } from "../../components/form-field";
import { ConsoleFrame } from "./console-frame";

// Apart from the console frame: only the two sign-in pages use it, so the form pieces it needs do
// not load with every console page.

/** A sign-in step (password, then the code): its form posts back to `path`, keeping `?next=`. */
export function ConsoleSignInPage({
  title,
  path,
  testId,
  notice,
  submit,
  children,
}: {
  title: string;
  path: string;
  testId: string;
  /** Said above the form (the failure, or what to do). */
  notice: ReactNode;
  submit: string;
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const next = params.get("next");
  return (
    <ConsoleFrame>
      <main id="main" className="mx-auto max-w-sm px-4 py-16">
        <h1 className="text-2xl font-bold text-secondary">{title}</h1>
        {notice}
        <Form method="post" action={`${path}${next ? `?next=${encodeURIComponent(next)}` : ""}`} noValidate data-testid={testId}>
          {children}
          <SubmitButton>{submit}</SubmitButton>
        </Form>
      </main>
    </ConsoleFrame>
  );
}
