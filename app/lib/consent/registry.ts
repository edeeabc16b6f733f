import {
  CONSENT_POLL_MS,
  CONSENT_REFRESH_TTL_MS,
  PREFERENCES_SUBMITTED,
  UNDECIDED,
  cookiesMatching,
  scriptStep,
  type ConsentState,
  type ScriptStatus,
} from "../../../rules/consent/categories-and-cookie";

// The consent logic of SPEC §4 and the script registry: the one way a third-party or optional script
// enters a page. A script is registered with its category; it is added to the page only while the
// shopper's choice for that category (read from the privacy manager, window.privacyManager) allows
// it, and taken out again when the shopper declines and the script asked for it (removeOnDecline).

/** The categories a script can need: required scripts are the shop's own and never registered. */
export type ScriptCategory = "functional" | "advertising";

export type ConsentScriptEntry = {
  /** Names the script in the page (data-consent-script) and in the registry; one entry per id. */
  id: string;
  options: {
    src: string;
    async?: boolean;
    /** Extra attributes for the script element (data-*, crossorigin …). */
    attributes?: Record<string, string>;
  };
  /** Default "functional" (SPEC §4 speaks of functional consent; the tag manager is "advertising"). */
  category?: ScriptCategory;
  /** On decline, take the script's <script> and <link> elements out of the page and clear its cookies. */
  removeOnDecline?: boolean;
  /** Name prefixes of the cookies the script sets (cleared on decline with removeOnDecline), e.g. ["_ga"]. */
  cookies?: string[];
  approved?: () => void;
  denied?: () => void;
  beforeLoad?: () => void;
  loaded?: () => void;
  removed?: () => void;
};

export type RegisteredScript = {
  readonly id: string;
  /** SPEC §3: pending until the first consent check, then loaded or removed. */
  readonly status: ScriptStatus;
  unregister(): void;
};

/** What the in-page privacy manager offers (app/features/consent). */
export type PrivacyManager = {
  getConsent(): ConsentState;
  /** Opens the preferences dialog (the footer's "Cookie preferences"; the reviews banner's "here"). */
  openPreferences?(): void;
};

declare global {
  interface Window {
    privacyManager?: PrivacyManager;
  }
}

/** Called with the shopper's decision whenever it is first known or changes (not while undecided). */
export type DecisionListener = (state: ConsentState, previous: ConsentState | null) => void;

type Slot = { entry: ConsentScriptEntry; status: ScriptStatus };

export type ConsentRegistryOptions = {
  window: Window;
  pollMs?: number;
  ttlMs?: number;
  now?: () => number;
  /** SPEC §8: a failed consent check is logged to the console, nothing else. */
  log?: (message: string, error?: unknown) => void;
};

function isConsentState(value: unknown): value is ConsentState {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.required === "boolean" && typeof v.functional === "boolean" && typeof v.advertising === "boolean";
}

export function createConsentRegistry(options: ConsentRegistryOptions) {
  const win = options.window;
  const doc = win.document;
  const pollMs = options.pollMs ?? CONSENT_POLL_MS;
  const ttlMs = options.ttlMs ?? CONSENT_REFRESH_TTL_MS;
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? ((message: string, error?: unknown) => console.log(message, error));

  const slots = new Map<string, Slot>();
  const listeners: DecisionListener[] = [];
  // SPEC §3/§4: everything false, functional included, until the privacy manager answers.
  let state: ConsentState = { ...UNDECIDED };
  let decision: ConsentState | null = null;
  let checkedAt: number | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let started = false;

  const granted = (slot: Slot) => state[slot.entry.category ?? "functional"];

  function run(callback: (() => void) | undefined, id: string, name: string) {
    if (!callback) return;
    try {
      callback();
    } catch (err) {
      log(`consent: the ${name} callback of "${id}" failed`, err);
    }
  }

  function elementsOf(entry: ConsentScriptEntry): Element[] {
    const own = Array.from(doc.querySelectorAll(`script[data-consent-script="${CSS.escape(entry.id)}"], link[data-consent-script="${CSS.escape(entry.id)}"]`));
    // What a third-party script added itself (more scripts, stylesheets, preloads) comes from its origin.
    let origin: string | null = null;
    try {
      origin = new URL(entry.options.src, win.location.href).origin;
    } catch {
      origin = null;
    }
    if (!origin || origin === win.location.origin) return own;
    const added = Array.from(doc.querySelectorAll("script[src], link[href]")).filter((el) => {
      const url = el.getAttribute(el.tagName === "LINK" ? "href" : "src") ?? "";
      try {
        return new URL(url, win.location.href).origin === origin;
      } catch {
        return false;
      }
    });
    return [...new Set([...own, ...added])];
  }

  function clearCookies(prefixes: readonly string[]) {
    const host = win.location.hostname;
    for (const name of cookiesMatching(doc.cookie, prefixes)) {
      for (const domain of ["", `; domain=${host}`, `; domain=.${host}`]) {
        doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
      }
    }
  }

  function load(slot: Slot) {
    const { entry } = slot;
    run(entry.beforeLoad, entry.id, "beforeLoad");
    const script = doc.createElement("script");
    script.src = entry.options.src;
    script.async = entry.options.async ?? true;
    script.setAttribute("data-consent-script", entry.id);
    for (const [name, value] of Object.entries(entry.options.attributes ?? {})) script.setAttribute(name, value);
    script.addEventListener("load", () => run(entry.loaded, entry.id, "loaded"));
    script.addEventListener("error", (err) => log(`consent: the script "${entry.id}" did not load`, err));
    doc.head.appendChild(script);
    slot.status = "loaded";
    run(entry.approved, entry.id, "approved");
  }

  function settle(slot: Slot) {
    const { entry } = slot;
    switch (scriptStep(slot.status, granted(slot), entry.removeOnDecline ?? false)) {
      case "load":
        load(slot);
        return;
      case "remove":
        for (const el of elementsOf(entry)) el.remove();
        if (entry.cookies?.length) clearCookies(entry.cookies);
        slot.status = "removed";
        run(entry.removed, entry.id, "removed");
        run(entry.denied, entry.id, "denied");
        return;
      case "deny":
        slot.status = "removed";
        run(entry.denied, entry.id, "denied");
        return;
      default:
        return;
    }
  }

  function apply(next: ConsentState) {
    state = { required: next.required, functional: next.functional, advertising: next.advertising };
    // A made decision always has "required" on; before it the privacy manager answers all false.
    if (state.required) {
      const previous = decision;
      const changed = !previous || previous.functional !== state.functional || previous.advertising !== state.advertising;
      decision = { ...state };
      // Listeners first: the tag manager's consent update and the analytics replay precede any script.
      if (changed)
        for (const listener of [...listeners]) {
          try {
            listener(decision, previous);
          } catch (err) {
            log("consent: a decision listener failed", err);
          }
        }
    }
    for (const slot of slots.values()) settle(slot);
  }

  /** Asks the privacy manager; `force` ignores an answer younger than the time-to-live. */
  function check(force = false): boolean {
    const manager = win.privacyManager;
    if (!manager) return false;
    if (!force && checkedAt !== null && now() - checkedAt < ttlMs) return true;
    let answer: unknown;
    try {
      answer = manager.getConsent();
    } catch (err) {
      log("consent: the consent check failed", err);
      return false;
    }
    if (!isConsentState(answer)) {
      log("consent: the privacy manager gave no consent state", answer);
      return false;
    }
    checkedAt = now();
    apply(answer);
    return true;
  }

  function onMessage(event: MessageEvent) {
    if (event.origin !== win.location.origin) return;
    const data: unknown = event.data;
    const type = typeof data === "object" && data !== null ? (data as { type?: unknown }).type : data;
    if (type === PREFERENCES_SUBMITTED) check(true);
  }

  return {
    /** Starts polling for the privacy manager (every 250 ms until it exists) and listens for saved preferences. */
    start() {
      if (started) return;
      started = true;
      win.addEventListener("message", onMessage);
      if (win.privacyManager) {
        check(true);
        return;
      }
      poll = setInterval(() => {
        if (!win.privacyManager) return;
        if (poll) clearInterval(poll);
        poll = null;
        check(true);
      }, pollMs);
    },

    stop() {
      if (poll) clearInterval(poll);
      poll = null;
      started = false;
      win.removeEventListener("message", onMessage);
    },

    /**
     * Registers a script. Before a decision it waits; once its category is allowed it loads at once
     * (SPEC §4: "a script added after consent loads immediately").
     */
    register(entry: ConsentScriptEntry): RegisteredScript {
      const existing = slots.get(entry.id);
      const slot: Slot = existing ?? { entry, status: "pending" };
      if (!existing) {
        slots.set(entry.id, slot);
        // A recent answer is reused, else the manager is asked now; before it exists the script waits.
        if (check()) settle(slot);
      }
      return {
        id: entry.id,
        get status() {
          return slot.status;
        },
        unregister() {
          slots.delete(entry.id);
        },
      };
    },

    /** Called with the decision when it is first known and whenever it changes. */
    onDecision(listener: DecisionListener): () => void {
      listeners.push(listener);
      if (decision) listener(decision, null);
      return () => {
        const i = listeners.indexOf(listener);
        if (i >= 0) listeners.splice(i, 1);
      };
    },

    /** The consent state as last read (all false until the privacy manager has answered). */
    state(): ConsentState {
      return { ...state };
    },

    /** SPEC §4: re-reads the privacy manager now, ignoring the time-to-live. */
    refresh: () => check(true),

    status(id: string): ScriptStatus | undefined {
      return slots.get(id)?.status;
    },
  };
}

export type ConsentRegistry = ReturnType<typeof createConsentRegistry>;
