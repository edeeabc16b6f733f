import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The route table of SPEC §2, one line per route.
export default [
  layout("routes/_shop.tsx", [
    index("routes/home.tsx"),
    route("products", "routes/products.tsx"),
    route("products/dropshipping/:handle", "routes/products.dropshipping.tsx"),
    // /products/{species?}/{category?}/{detail?}, /products/{brand}/{handle}/{flavor}/{size} and
    // /products/{handle} share one shape; the segments decide (rules/product-paths.ts).
    route("products/*", "routes/products.path.tsx"),
    route("cart", "routes/cart.tsx"),
    // Our own checkout, built like a hosted one: it takes the cart and hands back a confirmation.
    route("checkout", "routes/checkout.tsx"),
    route("checkout/start", "routes/checkout.start.tsx"),
    route("checkout/confirmation/:id", "routes/checkout.confirmation.tsx"),
    route("discount/:code", "routes/discount.tsx"),
    route("search", "routes/search.tsx"),
    route("search/suggest", "routes/search.suggest.tsx"),
    route("contact-us", "routes/contact-us.tsx"),
    route("sitemap", "routes/sitemap.tsx"),
    route("shipping", "routes/shipping.tsx"),
    route("autoship", "routes/autoship.tsx"),
    route("terms-and-conditions", "routes/terms-and-conditions.tsx"),
    route("faq", "routes/faq.tsx"),
    route("account", "routes/account.tsx", [
      route("dashboard", "routes/account.dashboard.tsx"),
      route("orders", "routes/account.orders.tsx"),
      route("orders/:id", "routes/account.orders.$id.tsx"),
      route("my-profile", "routes/account.my-profile.tsx", { id: "account-my-profile" }),
      route("profile", "routes/account.my-profile.tsx", { id: "account-profile" }),
      route("address-book", "routes/account.address-book.tsx"),
      route("autoships", "routes/account.autoships.tsx"),
      route("my-clinic", "routes/account.my-clinic.tsx"),
    ]),
    ...prefix("shelter", [
      route("login", "routes/shelter.login.tsx"),
      route("register", "routes/shelter.register.tsx"),
      route("forgot-password", "routes/shelter.forgot-password.tsx"),
      route("reset-password", "routes/shelter.reset-password.tsx"),
    ]),
    route("logout", "routes/logout.tsx"),
    route("location", "routes/location.tsx"),
    route(":slug", "routes/$slug.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The operator console: its own layout and bundle, outside the storefront's.
  ...prefix("admin", [
    route("login", "routes/admin.login.tsx"),
    route("login/code", "routes/admin.login.code.tsx"),
    route("setup", "routes/admin.setup.tsx"),
    route("logout", "routes/admin.logout.tsx"),
    index("routes/admin._index.tsx"),
    layout("routes/admin.tsx", [
      route("dashboard", "routes/admin.dashboard.tsx"),
      route("orders", "routes/admin.orders.tsx"),
      route("orders/export.csv", "routes/admin.orders.csv.tsx"),
      route("orders/:id", "routes/admin.orders.$id.tsx"),
      route("products", "routes/admin.products.tsx"),
      route("products/:id", "routes/admin.products.$id.tsx"),
      route("subscriptions", "routes/admin.subscriptions.tsx"),
      route("subscriptions/:id", "routes/admin.subscriptions.$id.tsx"),
      route("customers", "routes/admin.customers.tsx"),
      route("customers/export.csv", "routes/admin.customers.csv.tsx"),
      route("customers/:id", "routes/admin.customers.$id.tsx"),
      route("clinic-members", "routes/admin.clinic-members.tsx"),
      route("operators", "routes/admin.operators.tsx"),
      route("audit", "routes/admin.audit.tsx"),
      route("security", "routes/admin.security.tsx"),
      route("content", "routes/admin.content.tsx"),
      route("content/:id", "routes/admin.content.$id.tsx"),
      route("redirects", "routes/admin.redirects.tsx"),
    ]),
  ]),
  // No layout (SPEC §2).
  route("shelter/autoship-required-login", "routes/shelter.autoship-required-login.tsx"),
  route("maintenance", "routes/maintenance.tsx"),
  route("password-protect", "routes/password-protect.tsx"),
] satisfies RouteConfig;
