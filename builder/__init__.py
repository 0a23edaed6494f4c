"""The builder behind `python3 build.py` (its command line): a module a concern.

    checkout     where things are (ROOT, DIST, .cache/), one build at a time, the log, hashes
    provision    set-up: npm ci, the hash-pinned venvs, apt-get, the wheels Pyodide loads
    engine       the engine wheel, and the boards drawn before Python is up (snapshots.json)
    snapshot     the Pyodide memory snapshot, taken in Node
    wasm         the wasm's data segments, and the snapshot stored XOR them
    precompress  zstd copies of the largest files
    headers      the security headers (the policy) of every response
    pages        the pages: the shared head stamped in, module preloads
    site         build(): dist/ from all of the above, build.json, the service worker
    server       the static server of a built site
    chromium     which Chromium the tests and benchmarks drive
    runners      the test and benchmark verbs

scripts/ holds what runs elsewhere: in Node (.mjs), in CPython or inside Pyodide (.py).
Standard library only; docs/architecture.md "The build" says what a build makes.
"""
