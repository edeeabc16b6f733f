vcl 4.1;
# The shared HTTP cache in front of the shop processes (docs/deploy.md): Varnish 7 with xkey from
# Debian's varnish-modules. The shop decides what may be kept: only a guest page it marks
# `Cache-Control: public, s-maxage=…` with a `Surrogate-Key` (server/http/page-cache.ts), and its
# immutable build files. A change committed in the shop purges the pages by that key
# (server/http/shared-cache-purge.ts). Everything else goes to a shop process every time.
#
# backends.vcl (on the vcl_path, one per environment: deploy/varnish/compose/ for the compose file) declares the shop processes with
# `.probe = shop_ready`, the `purgers` ACL, and a vcl_init that adds every backend to `shops`.

import directors;
import std;
import xkey;

# A process is sent traffic while /api/ready says 200: it turns 503 from the moment it starts
# draining (SIGTERM), so with SHUTDOWN_DELAY_SECONDS above 2 s it is out before it stops listening.
probe shop_ready {
  .url = "/api/ready";
  .interval = 1s;
  .timeout = 2s;
  .window = 3;
  .threshold = 2;
  .initial = 2;
}

sub vcl_init {
  new shops = directors.round_robin();
}

include "backends.vcl";

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.Surrogate-Key) {
      return (synth(400, "Surrogate-Key required"));
    }
    set req.http.X-Purged = xkey.purge(req.http.Surrogate-Key);
    return (synth(200, "Purged " + req.http.X-Purged));
  }
  set req.backend_hint = shops.backend();
  # The shop's log lines and this request join up (the shop keeps a plain token from a trusted proxy).
  if (!req.http.X-Request-Id) {
    set req.http.X-Request-Id = "varnish-" + req.xid;
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  if (req.http.Authorization) {
    return (pass);
  }
  # Any cookie but the shop's guest cookies (its page cache's rule: server/http/page-cache.ts
  # carriesPersonalCookies — the consent choice, analytics, the ZIP cookies) makes the page
  # someone's: a session, a cart, a discount… Never looked up, never stored.
  # guest-cookies:begin
  set req.http.X-Other-Cookies = regsuball(req.http.Cookie, "(^|;\s*)(kc_consent|_ga[^=;]*|_gid[^=;]*|_gcl_[^=;]*|userLocation|userWarehouse)=[^;]*", "");
  # guest-cookies:end
  if (req.http.X-Other-Cookies ~ "[^;\s]") {
    unset req.http.X-Other-Cookies;
    return (pass);
  }
  unset req.http.X-Other-Cookies;
  # The cookies go on to the shop, which reads them; the page is looked up by what it depends on.
  return (hash);
}

# As the shop's page cache keys a guest page: the URL and host, the ZIP cookies (stock and delivery
# text), and the consent cookie's policy revision (the banner is in the page until a decision of
# the current revision is kept; the shop marks no page shareable for a consent cookie that does
# not count, so every page kept under a revision is right for everyone who sends it).
sub vcl_hash {
  hash_data(req.url);
  hash_data(req.http.host);
  if (req.http.Cookie ~ "(^|;\s*)userLocation=") {
    hash_data("location=" + regsub(req.http.Cookie, "^(.*;\s*)?userLocation=([^;]*).*$", "\2"));
  }
  if (req.http.Cookie ~ "(^|;\s*)userWarehouse=") {
    hash_data("warehouse=" + regsub(req.http.Cookie, "^(.*;\s*)?userWarehouse=([^;]*).*$", "\2"));
  }
  if (req.http.Cookie ~ "(^|;\s*)kc_consent=") {
    hash_data("consent=" + regsub(req.http.Cookie, "^(.*;\s*)?kc_consent=([0-9]*).*$", "\2"));
  }
  return (lookup);
}

sub vcl_hit {
  set req.http.X-Edge = "hit";
}

sub vcl_miss {
  set req.http.X-Edge = "fwd=miss";
}

sub vcl_pass {
  set req.http.X-Edge = "fwd=bypass";
}

sub vcl_backend_fetch {
  unset bereq.http.X-Edge;
}

sub vcl_backend_response {
  # A process that failed a read: try another one (GET and HEAD only: a form post is never sent twice).
  if (beresp.status >= 500 && bereq.retries < 2 && (bereq.method == "GET" || bereq.method == "HEAD")) {
    return (retry);
  }
  if (bereq.uncacheable) {
    return (deliver);
  }
  if (beresp.http.Cache-Control ~ "(^|,)\s*public\b" && !beresp.http.Set-Cookie &&
      (beresp.http.Surrogate-Key || beresp.http.Cache-Control ~ "\bimmutable\b")) {
    # Kept for s-maxage (max-age for build files) and served stale while revalidating, both as the shop says.
    if (beresp.http.Surrogate-Key) {
      set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    return (deliver);
  }
  # Not the shop's to share (personal, a cookie set, no purge key): fetched anew every time, while
  # later answers for the same URL may still be kept.
  set beresp.ttl = 10s;
  set beresp.uncacheable = true;
  return (deliver);
}

sub vcl_backend_error {
  # No connection (a process just died or stopped): a read goes to another process.
  if (bereq.retries < 2 && (bereq.method == "GET" || bereq.method == "HEAD")) {
    return (retry);
  }
}

sub vcl_deliver {
  # RFC 9211: this cache's entry after the shop's own.
  if (req.http.X-Edge == "fwd=miss" && !obj.uncacheable) {
    set req.http.X-Edge = "fwd=miss; stored";
  }
  if (resp.http.Cache-Status) {
    set resp.http.Cache-Status = resp.http.Cache-Status + ", edge; " + req.http.X-Edge;
  } else {
    set resp.http.Cache-Status = "edge; " + req.http.X-Edge;
  }
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  unset resp.http.Via;
  unset resp.http.X-Varnish;
}
