#
# The storefront's CDN configuration for Varnish 7.1 (Debian's `varnish` package), written from
# docs/decisions/010-caching-and-csp.md: read that first. Checked by `varnishd -C -f deploy/varnish/storefront.vcl`.
#
#   nginx (TLS, HTTP/2) --http--> Varnish (this file) --http--> N app servers (`npm start`) --> one PostgreSQL
#
# What it does, in the order a request meets it:
#   - the scheme (X-Forwarded-Proto) is believed only from the TLS terminator (acl tls_terminators), else "http";
#   - every method but GET and HEAD is passed (POSTs included: never stored, never retried);
#   - the bypass list: personal cookies and personal query flags are passed to the origin uncached;
#   - the price-list claim: the `price_list` cookie's list name, part of the cache key; a copy is stored under it
#     only when the origin vouches for that list (`X-Price-List` on the response equals the claim);
#   - Accept-Encoding is `gzip` or absent (Varnish's own http_gzip_support; this file makes it explicit);
#   - the origin's `Vary` is honoured, with `Cookie` answered by the cache key (see vcl_backend_response);
#   - `s-maxage` and `stale-while-revalidate` set the TTL and the grace (Varnish reads both itself);
#   - idempotent requests (GET, HEAD) are retried on another app server when one fails;
#   - health probes on /healthz: an app server that fails them (database down, or draining before a stop)
#     gets no new requests;
#   - optional, off by default (the switch below): pages of shoppers without scripts who hold a cart or an account
#     assembled here (ESI) from a stored shell and their personal fragments (decision 115).
#
vcl 4.1;

import directors;
import std;

# ---------------------------------------------------------------------------------------------------------------
# The app servers. One `backend appN { .host = ...; .port = ...; .probe = healthz; }` block per server, and one
# `storefront.add_backend(appN);` line per server in vcl_init. To add a server: add both, then
# `/usr/share/varnish/varnishreload` (or `varnishadm vcl.load` + `vcl.use`): no cached copy is lost.
# ---------------------------------------------------------------------------------------------------------------

probe healthz {
    .request =
        "GET /healthz HTTP/1.1"
        "Host: localhost"
        "User-Agent: varnish-probe"
        "Connection: close";
    .expected_response = 200;
    # Sick after 2 failures in the last 3 probes: at most ~2 s after a server starts draining (it stays
    # healthy-looking to no one: /healthz answers 503 from the first moment of its drain, SHUTDOWN_DRAIN_MS,
    # which must be longer than interval x threshold + timeout: 2 x 1 s + 1 s = 3 s; the default is 5 s).
    .interval = 1s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    # A freshly loaded VCL (or a newly added server) counts as healthy until its probes say otherwise.
    .initial = 2;
}

backend app1 {
    .host = "127.0.0.1";
    .port = "3001";
    .probe = healthz;
    .connect_timeout = 1s;
    .first_byte_timeout = 15s;
    .between_bytes_timeout = 10s;
}

backend app2 {
    .host = "127.0.0.1";
    .port = "3002";
    .probe = healthz;
    .connect_timeout = 1s;
    .first_byte_timeout = 15s;
    .between_bytes_timeout = 10s;
}

backend app3 {
    .host = "127.0.0.1";
    .port = "3003";
    .probe = healthz;
    .connect_timeout = 1s;
    .first_byte_timeout = 15s;
    .between_bytes_timeout = 10s;
}

# The TLS terminator(s) in front: the only clients whose X-Forwarded-Proto is believed.
acl tls_terminators {
    "127.0.0.1";
    "::1";
}

# ---------------------------------------------------------------------------------------------------------------
# The operator's switch (decision 115: read it first). "off": a shopper without scripts who holds a cart or an
# account is passed, and an app server splices their header into the shared copy (decision 107). "on": this cache
# stores the shared copy as a shell (one more object per page and price list) and asks the app servers only for
# the shopper's fragments: three small subrequests per page, one after the other. Then `varnishreload`.
# ---------------------------------------------------------------------------------------------------------------
sub storefront_switches {
    set req.http.X-Esi-Personal = "off";
}

sub vcl_init {
    new storefront = directors.round_robin();
    storefront.add_backend(app1);
    storefront.add_backend(app2);
    storefront.add_backend(app3);
}

sub vcl_recv {
    set req.backend_hint = storefront.backend();

    # Headers only this file may set: whatever a client sent under these names is dropped.
    unset req.http.X-Price-List;
    unset req.http.X-Origin-Vary;
    unset req.http.X-Esi-Personal;
    unset req.http.Surrogate-Capability;
    call storefront_switches;

    # Scheme. The app servers speak plain HTTP; the scheme the shopper used comes from the TLS terminator.
    # Believed only from it, and only as "https"; anything else is "http". It is part of the cache key (an http
    # copy and an https copy differ in their absolute URLs when PUBLIC_URL is unset) and goes to the origin,
    # which trusts it only with TRUST_PROXY (decision 082).
    if (client.ip ~ tls_terminators && req.http.X-Forwarded-Proto ~ "^\s*https\s*$") {
        set req.http.X-Forwarded-Proto = "https";
    } else {
        set req.http.X-Forwarded-Proto = "http";
    }
    # The host the shopper asked for (nginx keeps it in Host); the origin reads it only with TRUST_PROXY.
    if (!req.http.X-Forwarded-Host) {
        set req.http.X-Forwarded-Host = req.http.host;
    }
    set req.http.host = std.tolower(req.http.host);

    # HTTP/2 prior knowledge is nginx's business, not ours.
    if (req.method == "PRI") {
        return (synth(405));
    }
    # POST and every other non-idempotent method: passed to an app server, never stored, never retried (a
    # retried POST could place an order twice). Pass rather than pipe, so each request gets this file's headers.
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }

    # Never cached: the health endpoint, the personal-state and identity endpoints, the mail viewer, and the
    # personal fragments of assembled pages (decision 115).
    if (req.url ~ "^/(healthz|idp/|api/personal-state|mail|_esi/)(\?|/|$)") {
        return (pass);
    }

    # Fingerprinted build output and other static files are the same for everyone: no cookie, no price list.
    if (req.url ~ "^/assets/") {
        unset req.http.Cookie;
        set req.http.X-Price-List = "static";
        return (hash);
    }

    # --- The bypass list (decision 010). Query flags the origin renders per shopper (SPEC §2): ?cart (the
    # shopper's own cart), ?logout (signs out), and the panels ?login, ?create-an-account, ?reset-password; with any
    # value, `false` included. A query name with a %-escape is passed too (the origin decodes names: `?%63art` is
    # `?cart`).
    if (req.url ~ "[?&](cart|logout|login|create-an-account|reset-password)(=|&|$)" ||
        req.url ~ "[?&][^=&]*%") {
        return (pass);
    }
    # Every cookie the origin treats as personal (server/web/cookie-registry.ts, `personal: true`), in both
    # spellings (`__Host-` behind HTTPS):
    #   always personal (rendered into the page): flash, signin_flow, repair_user_info;
    #   personal unless the browser runs the page's scripts (cookie js=1, decision 021): cart, customer_token,
    #   customer_session.
    if (req.http.Cookie ~ "(^|;)\s*(__Host-)?(flash|signin_flow|repair_user_info)=") {
        return (pass);
    }
    if (req.http.Cookie ~ "(^|;)\s*(__Host-)?(cart|customer_token|customer_session)=" &&
        req.http.Cookie !~ "(^|;)\s*js=1\s*(;|$)") {
        # With the switch on, a page (a GET of a document, not the loader data `.data`) is assembled here: the
        # shell is looked up under its own key (vcl_hash) and the app server is asked for it with the ESI
        # capability. The assembled page is never answered with 304 (its validator would be the shell's).
        if (req.http.X-Esi-Personal == "on" && req.method == "GET" && req.esi_level == 0 &&
            req.url !~ "^[^?]*\.data(\?|$)") {
            set req.http.Surrogate-Capability = {"varnish="ESI/1.0""};
            unset req.http.If-None-Match;
            unset req.http.If-Modified-Since;
        } else {
            return (pass);
        }
    }

    # --- The price-list claim: the list name inside the signed `price_list` cookie (`p12.<signature>`), "retail"
    # without one. Part of the cache key; stored under only when the origin vouches for it (vcl_backend_response).
    # Two price-list cookies, or one that is not `<list>.<signature>`, is not a shopper of ours: passed.
    if (req.http.Cookie ~ "(^|;)\s*(__Host-)?price_list=") {
        if (req.http.Cookie ~ "(^|;)\s*(__Host-)?price_list=.*;\s*(__Host-)?price_list=") {
            return (pass);
        }
        set req.http.X-Price-List = regsub(req.http.Cookie,
            "^(.*;)?\s*(__Host-)?price_list=([a-z0-9]+)\.[A-Za-z0-9_-]+\s*(;.*)?$", "\3");
        if (req.http.X-Price-List !~ "^(retail|[gp][1-9][0-9]{0,5})$") {
            return (pass);
        }
    } else {
        set req.http.X-Price-List = "retail";
    }

    # Accept-Encoding: `gzip` when the client takes gzip, else absent. Varnish's http_gzip_support does the same
    # before this point and stores one gzip copy, unzipped for the rare client without gzip; Brotli is not kept
    # (nginx may add it on the TLS hop).
    if (req.http.Accept-Encoding ~ "(^|,)\s*gzip\s*(,|$)" || req.http.Accept-Encoding ~ "(^|,)\s*gzip\s*;\s*q=(1|0\.[0-9]*[1-9])") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }

    # The request keeps its cookies: the origin needs the session to vouch for the price list. They are not in
    # the key (the claim is); Varnish's built-in rule (pass on any Cookie) is skipped on purpose.
    return (hash);
}

sub vcl_hash {
    # Scheme, host, path and query, and the price-list claim ("retail" for anonymous shoppers, "static" for
    # /assets/). Analytics and consent cookies are not in the key.
    hash_data(req.http.X-Forwarded-Proto);
    hash_data(req.http.host);
    hash_data(req.url);
    hash_data(req.http.X-Price-List);
    # A shell (decision 115) is not the shared copy: its own object.
    if (req.http.Surrogate-Capability) {
        hash_data("esi-shell");
    }
    return (lookup);
}

sub vcl_backend_fetch {
    # The switch stays in this file; the capability goes to the app server (it answers with the shell).
    unset bereq.http.X-Esi-Personal;
}

sub vcl_backend_response {
    # A shell (decision 115), and only when asked for one: assembled on delivery, whether it is stored or not, so
    # an include never reaches a browser. The origin's Surrogate-Control is this cache's business.
    if (bereq.http.Surrogate-Capability && beresp.http.Surrogate-Control ~ "ESI/1\.0") {
        set beresp.do_esi = true;
    }
    unset beresp.http.Surrogate-Control;

    # Retry idempotent requests on another app server when one answers 502/503/504 (a shed render, a server that
    # is stopping); a connection failure goes through vcl_backend_error below. POSTs are never retried.
    if ((bereq.method == "GET" || bereq.method == "HEAD") && beresp.status >= 502 && beresp.status <= 504 &&
        bereq.retries < 2) {
        return (retry);
    }

    # Vouching (decision 010): a copy is stored under a price list only when the origin names that very list in
    # X-Price-List. A forged or copied `price_list` cookie makes the origin render another list (or answer
    # `private`): then nothing is stored and the next real shopper of that list is a miss, not a poisoned hit.
    if (bereq.http.X-Price-List != "static" && beresp.http.X-Price-List != bereq.http.X-Price-List) {
        # Hit-for-miss for a second (not 0 s: requests queued behind this fetch would then wait in line).
        set beresp.uncacheable = true;
        set beresp.ttl = 1s;
        set beresp.grace = 0s;
        return (deliver);
    }

    # What the built-in rules would refuse anyway, kept here because this sub returns before them.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)" ||
        beresp.http.Vary == "*" || beresp.ttl <= 0s) {
        # Hit-for-miss for two minutes: the next request asks the origin again and may be stored.
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }

    # Vary as the origin sends it: every header it names is honoured by the cache (Accept-Encoding, above,
    # normalised). `Cookie` is the exception: the origin names it for caches that know nothing of price lists, and
    # what of the cookies a shared copy depends on is exactly the vouched price list, already in the key. So the
    # stored object varies on the rest, and shoppers get the origin's Vary back (vcl_deliver).
    if (beresp.http.Vary ~ "(?i)(^|,)\s*cookie\s*(,|$)") {
        set beresp.http.X-Origin-Vary = beresp.http.Vary;
        set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)(^|,)\s*cookie\s*(?=,|$)", "");
        set beresp.http.Vary = regsub(beresp.http.Vary, "^\s*,\s*", "");
        if (beresp.http.Vary == "") {
            unset beresp.http.Vary;
        }
    }

    # TTL from s-maxage, grace from stale-while-revalidate (Varnish reads both from Cache-Control); a copy is kept
    # a day past its grace for revalidation with If-None-Match (the origin's weak ETag, 304 without a body).
    set beresp.keep = 1d;
    return (deliver);
}

sub vcl_backend_error {
    # The app server could not be reached or did not answer in time: another one, for GET and HEAD only.
    if ((bereq.method == "GET" || bereq.method == "HEAD") && bereq.retries < 2) {
        return (retry);
    }
    set beresp.http.Content-Type = "text/html; charset=utf-8";
    set beresp.http.Retry-After = "2";
    set beresp.http.Cache-Control = "no-store";
    synthetic({"<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Temporarily unavailable</title></head><body><main><h1>Temporarily unavailable</h1><p>The store cannot answer right now, usually for a minute or two during maintenance. Please try again in a moment.</p><p><a href="">Try again</a></p></main></body></html>"});
    return (deliver);
}

sub vcl_deliver {
    # An assembled page (decision 115) is one shopper's: never stored by the browser, with no validator (the
    # stored one is the shell's, and a 304 for it would keep an old count on the screen).
    if (req.esi_level == 0 && req.http.Surrogate-Capability) {
        set resp.http.Cache-Control = "private, no-store";
        unset resp.http.ETag;
        unset resp.http.Last-Modified;
        unset resp.http.Age;
    }
    # The origin's Vary, as it sent it (Cookie included), for the shopper's browser.
    if (resp.http.X-Origin-Vary) {
        set resp.http.Vary = resp.http.X-Origin-Vary;
        unset resp.http.X-Origin-Vary;
    }
    # The price list a copy is for stays between the origin and this cache.
    unset resp.http.X-Price-List;
    if (obj.uncacheable) {
        set resp.http.X-Cache = "pass";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
    unset resp.http.Via;
    unset resp.http.X-Varnish;
}
