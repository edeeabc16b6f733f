import { data, redirect, type AppLoadContext } from "react-router";
import { readCookie, setCookie, clearCookie } from "../../../rules/shared/cookies";
import { movesFrom } from "../../../server/workflows/advance-order";
import { refund } from "../../../server/modules/orders";
import {
  CONSOLE_SECTIONS,
  may,
  OPERATOR_COOKIE,
  ORDER_MOVE_PERMISSION,
  OPERATOR_SESSION_ABSOLUTE_MS,
  type Permission,
} from "../../../rules/console/operator-roles";
import type { Operator } from "../../../server/modules/operators";
import { isHttps } from "../../../server/modules/identity";

// Who is at the console: the operator behind the op_session cookie (path /admin, SameSite=Strict,
// httpOnly), resolved by every console loader and action, and what they may open.

export function operatorCookie(request: Request, token: string): string {
  return setCookie(OPERATOR_COOKIE, token, {
    maxAgeSeconds: OPERATOR_SESSION_ABSOLUTE_MS / 1000,
    path: "/admin",
    httpOnly: true,
    secure: isHttps(request),
    sameSite: "strict",
    raw: true,
  });
}

export const clearOperatorCookie = (request: Request) =>
  clearCookie(OPERATOR_COOKIE, { path: "/admin", httpOnly: true, secure: isHttps(request), sameSite: "strict" });

export const operatorToken = (request: Request) => readCookie(request.headers.get("cookie"), OPERATOR_COOKIE);

export async function currentOperator(context: AppLoadContext, request: Request): Promise<Operator | null> {
  const token = operatorToken(request);
  return token ? context.services.operators.resolveSession(token) : null;
}

/**
 * The signed-in operator allowed `permission`: signed out → the sign-in page (and back here after);
 * not allowed → 403, written to the audit log.
 */
export async function requireOperator(context: AppLoadContext, request: Request, permission: Permission): Promise<Operator> {
  const operator = await currentOperator(context, request);
  const url = new URL(request.url);
  if (!operator)
    throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`, { headers: { "Set-Cookie": clearOperatorCookie(request) } });
  const denied = await context.services.operatorConsole.allowed(operator, permission, `view:${url.pathname}`, "page", url.pathname);
  if (denied) throw data({ message: denied.message }, { status: 403 });
  return operator;
}

/** The navigation a role sees: only the sections it may open. */
export const sectionsFor = (operator: Operator) => CONSOLE_SECTIONS.filter((s) => may(operator.role, s.permission));

/** Only same-site console paths after sign-in (anything else → the dashboard). */
export function consoleNext(next: string | null): string {
  return next && /^\/admin\/[A-Za-z0-9\-/?=&%._]*$/.test(next) && !next.includes("..") && !next.includes("//") ? next : "/admin/dashboard";
}

/** The lifecycle moves an order's status allows and the operator's role permits (the order page offers only these). */
export const orderMovesFor = (operator: Operator, status: Parameters<typeof movesFrom>[0]) =>
  movesFrom(status).filter((m) => may(operator.role, ORDER_MOVE_PERMISSION[m]));

/** Whether the order page offers a partial refund: the role may refund and the status allows one. */
export const partRefundAllowed = (operator: Operator, status: Parameters<typeof movesFrom>[0]) => may(operator.role, "orders.refund") && refund(status).ok;

export { qrPath } from "../../../server/modules/operators";
