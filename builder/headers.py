"""The headers every response of the site should carry (docs/architecture.md "Security policy").

The pages repeat the policy in a <meta> tag (builder/pages.py stamps it into the shared
head), but a worker has no markup: only a header reaches it. So the service worker
(js/sw.js) attaches these to everything it serves (builder/site.py prepends them to it),
the builder's server sends them (builder/server.py), and dist/_headers says them to hosts
that read that file (Netlify, Cloudflare Pages). The README's "Deploy" lists them for any
other host.
"""

from __future__ import annotations

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
                           "connect-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
                           "object-src 'none'; base-uri 'none'; form-action 'self'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
}


def headers_file() -> bytes:
    """dist/_headers, read by Netlify and Cloudflare Pages: these headers on every path."""
    lines = ["# Headers for every file of the site (Netlify and Cloudflare Pages read this file).", "/*"]
    lines += [f"  {name}: {value}" for name, value in SECURITY_HEADERS.items()]
    return ("\n".join(lines) + "\n").encode()
