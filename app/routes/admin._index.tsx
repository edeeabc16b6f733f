import { redirect } from "react-router";

// /admin → the dashboard. The console's pages all live below /admin/: its session cookie's path is
// /admin, which the data request of /admin itself (/admin.data) would not match.
export const loader = () => redirect("/admin/dashboard");
