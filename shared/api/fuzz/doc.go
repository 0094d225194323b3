// Package fuzz runs schemathesis (PyPI, pinned in requirements-dev.txt,
// installed into .venv by the Makefile) against the local cloud: every
// operation of shared/api/openapi.yaml, through template.yaml's router and
// each function's real handler, with a real access token, stateless and
// stateful, with a fixed seed and a bounded number of examples. It fails on
// any 5xx, response that departs from the document, undocumented status or
// accepted schema-violating request. `make test-schemathesis` runs it (build
// tag schemathesis: it needs the venv).
package fuzz
