#!/usr/bin/env python3
"""Write the --env-vars file that points `sam local start-api` at the local cloud.

The local cloud (`make dev`) must have started once: it keeps the ids cognito-local
gave the pool and client, and the cursor secret, in .local/state.json. Its emulators
listen on PORT+1 (DynamoDB Local), PORT+2 (cognito-local) and PORT+4 (S3 uploads).

COGNITO_ISSUER stays on localhost whatever --host says: it must equal the tokens' iss
claim, and the functions fetch the signing keys from it, so run the containers with
`--docker-network host` (see docs/development.md, "sam local start-api").
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Defaults of infra/local (cloud.Options): the table and bucket names.
TABLE_NAME = "verde-local"
UPLOADS_BUCKET = "verde-uploads"
SPA_BUCKET = "verde-spa"


def env_file(state: dict, port: int, host: str) -> dict:
    for key in ("userPoolId", "userPoolClientId"):
        if not state.get(key):
            raise SystemExit(f".local/state.json has no {key}: start `make dev` once first")
    variables = {
        "TABLE_NAME": TABLE_NAME,
        "USER_POOL_ID": state["userPoolId"],
        "USER_POOL_CLIENT_ID": state["userPoolClientId"],
        "COGNITO_ISSUER": f"http://localhost:{port + 2}/{state['userPoolId']}",
        "UPLOADS_BUCKET": UPLOADS_BUCKET,
        # The link previews read the SPA's index.html from the local cloud's S3, and give
        # addresses on its site.
        "SPA_BUCKET": SPA_BUCKET,
        "SITE_URL": f"http://localhost:{port}",
        # The secret is read through the Secrets Manager API, which the local cloud answers on
        # its own port (infra/local/cloud/secrets.go).
        "CURSOR_SECRET_ARN": "verde-local/cursor-secret",
        # sam local serves the functions with no CloudFront in front: no origin header to check.
        "ORIGIN_SECRET_ARN": "",
        "AUTO_CONFIRM_SIGNUP": "true",
        "AWS_ENDPOINT_URL_DYNAMODB": f"http://{host}:{port + 1}",
        "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": f"http://{host}:{port + 2}",
        "AWS_ENDPOINT_URL_S3": f"http://{host}:{port + 4}",
        "AWS_ENDPOINT_URL_SECRETS_MANAGER": f"http://{host}:{port}",
    }
    # "Parameters" applies to every function; SAM sets only the variables a function declares.
    return {"Parameters": variables}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8080")),
                        help="the local cloud's PORT (default 8080)")
    parser.add_argument("--host", default="localhost",
                        help="how containers reach this machine: localhost with --docker-network host, "
                             "or host.docker.internal")
    parser.add_argument("--data", default=str(ROOT / ".local"), help="the local cloud's data directory")
    parser.add_argument("--out", default=str(ROOT / ".local" / "sam-env.json"))
    args = parser.parse_args()

    state_path = pathlib.Path(args.data) / "state.json"
    if not state_path.is_file():
        raise SystemExit(f"{state_path} not found: start the local cloud once with `make dev`")
    env = env_file(json.loads(state_path.read_text()), args.port, args.host)
    out = pathlib.Path(args.out)
    out.write_text(json.dumps(env, indent=2) + "\n")
    out.chmod(0o600)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
