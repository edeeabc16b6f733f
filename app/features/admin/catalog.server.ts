// What the console's catalogue page needs from the server's catalogue rules, through its loader (so
// its browser code does not share the storefront's product-card module).
export { EDITABLE_BADGES } from "../../../server/workflows/console-catalog";
