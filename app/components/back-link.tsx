import type { ReactNode } from "react";
import { Link } from "react-router";

/** The link back under a page's content ("Back to My Orders"), on a line of its own. */
export function BackLink({ to, className = "mt-6", children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <p className={className}>
      <Link to={to} className="font-semibold text-primary underline">
        {children}
      </Link>
    </p>
  );
}
