import type { Site } from "./site";

// Page titles of SPEC §2, per site. Where SPEC gives a title for only one site, the other site
// uses the same words unless SPEC names a staff title of its own.

export type PageKey =
  | "home"
  | "products"
  | "category"
  | "product"
  | "cart"
  | "checkout"
  | "orderConfirmation"
  | "search"
  | "contact"
  | "sitemap"
  | "shipping"
  | "autoship"
  | "terms"
  | "faq"
  | "dashboard"
  | "orders"
  | "order"
  | "profile"
  | "addressBook"
  | "pets"
  | "autoships"
  | "myClinic"
  | "clinicStep"
  | "login"
  | "register"
  | "forgotPassword"
  | "resetPassword"
  | "autoshipRequiredLogin"
  | "autoshipPriceAnswer"
  | "autoshipManage"
  | "emailSignUp"
  | "emailConfirm"
  | "emailPreferences"
  | "logout"
  | "maintenance"
  | "passwordProtect"
  | "notFound"
  | "error";

const TITLES: Record<PageKey, { d2c: string; hpsf?: string }> = {
  home: { d2c: "Home" },
  products: { d2c: "Shop All Pet Food" },
  category: { d2c: "Shop All Pet Food" },
  product: { d2c: "Product" },
  cart: { d2c: "Shopping Cart" },
  checkout: { d2c: "Checkout" },
  orderConfirmation: { d2c: "Thank You for Your Order" },
  search: { d2c: "Search Results" },
  contact: { d2c: "Contact Us for any Pet Food Questions", hpsf: "Contact Us" },
  sitemap: { d2c: "Sitemap" },
  shipping: { d2c: "Shipping" },
  autoship: { d2c: "Autoship" },
  terms: { d2c: "Terms & Conditions" },
  faq: { d2c: "FAQ" },
  dashboard: { d2c: "My Account" },
  orders: { d2c: "My Orders" },
  order: { d2c: "My Order Details" },
  profile: { d2c: "My Profile" },
  addressBook: { d2c: "Address Book" },
  pets: { d2c: "My Pets" },
  autoships: { d2c: "My Subscriptions", hpsf: "My Autoships" },
  myClinic: { d2c: "My Clinic" },
  clinicStep: { d2c: "Find Your Clinic" },
  login: { d2c: "Log In" },
  register: { d2c: "Create Account" },
  forgotPassword: { d2c: "Forgot Password" },
  resetPassword: { d2c: "Reset Password" },
  autoshipRequiredLogin: { d2c: "Log In to Start Autoship" },
  autoshipPriceAnswer: { d2c: "Autoship Price Change" },
  autoshipManage: { d2c: "Your Autoship Delivery" },
  emailSignUp: { d2c: "Email Sign-Up", hpsf: "Program News Sign-Up" },
  emailConfirm: { d2c: "Confirm Your Subscription" },
  emailPreferences: { d2c: "Email Preferences" },
  logout: { d2c: "Log Out" },
  maintenance: { d2c: "Down for Maintenance" },
  passwordProtect: { d2c: "Enter Password" },
  notFound: { d2c: "404 Error" },
  error: { d2c: "Something Went Wrong" },
};

export function pageTitle(key: PageKey, site: Pick<Site, "isStaff">): string {
  const t = TITLES[key];
  return site.isStaff ? (t.hpsf ?? t.d2c) : t.d2c;
}

/** The document <title>: the page's title, then the site's name (the home page shows the site name only). */
export function documentTitle(page: string | null, site: Pick<Site, "title">): string {
  return page ? `${page} | ${site.title}` : site.title;
}
