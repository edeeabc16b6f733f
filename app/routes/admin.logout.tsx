import { redirect } from "react-router";
import { clearOperatorCookie, operatorToken } from "../features/admin/operator.server";
import type { Route } from "./+types/admin.logout";

export async function action({ context, request }: Route.ActionArgs) {
  const token = operatorToken(request);
  if (token) await context.services.operators.endSession(token);
  throw redirect("/admin/login", { headers: { "Set-Cookie": clearOperatorCookie(request) } });
}

export const loader = () => redirect("/admin/dashboard");
