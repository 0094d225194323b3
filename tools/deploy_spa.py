#!/usr/bin/env python3
"""Publish the built SPA (spa/dist) to a deployed Verde stack.

Reads the stack's outputs, writes /config.json from them (the SPA's only
configuration) and the same JSON into index.html (so the SPA starts without fetching
it), uploads spa/dist to the SPA bucket with cache headers that let
CloudFront cache hashed assets for a year and always revalidate index.html and
config.json, then invalidates the distribution.

Run through the Makefile (`make deploy-spa ENV=dev`), which builds the SPA first
and runs this with the venv's boto3. AWS credentials come from the usual places
(AWS_PROFILE, environment, SSO).
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import mimetypes
import pathlib
import sys
import time
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".txt": "text/plain; charset=utf-8",
}


def content_type(path: str) -> str:
    suffix = pathlib.PurePosixPath(path).suffix.lower()
    if suffix in CONTENT_TYPES:
        return CONTENT_TYPES[suffix]
    guessed, _ = mimetypes.guess_type(path)
    return guessed or "application/octet-stream"


def cache_control(key: str) -> str:
    # Vite content-hashes everything under assets/; the rest keeps its name between builds.
    return IMMUTABLE if key.startswith("assets/") else REVALIDATE


def stack_settings(env: str, samconfig: pathlib.Path) -> tuple[str, str]:
    """The stack name and region samconfig.toml gives the environment."""
    cfg = tomllib.loads(samconfig.read_text())
    if env not in cfg:
        raise SystemExit(f"samconfig.toml has no [{env}] environment")

    def lookup(key: str) -> str | None:
        for section in (cfg[env].get("deploy", {}), cfg[env].get("global", {})):
            value = section.get("parameters", {}).get(key)
            if value:
                return value
        return None

    stack, region = lookup("stack_name"), lookup("region")
    if not stack or not region:
        raise SystemExit(f"samconfig.toml [{env}] needs stack_name and region")
    return stack, region


def site_config(outputs: dict[str, str]) -> dict:
    """/config.json in the shape the SPA reads (spa/src/lib/config.ts)."""
    missing = [k for k in ("Region", "UserPoolId", "UserPoolClientId", "OAuthDomain",
                           "OAuthRedirectSignIn", "OAuthRedirectSignOut") if not outputs.get(k)]
    if missing:
        raise SystemExit(f"the stack has no output {', '.join(missing)}: deploy template.yaml first")
    providers = [p for p in outputs.get("OAuthProviders", "").split(",") if p]
    return {
        "region": outputs["Region"],
        "userPoolId": outputs["UserPoolId"],
        "userPoolClientId": outputs["UserPoolClientId"],
        "authFlowType": "USER_SRP_AUTH",
        "oauth": {
            "domain": outputs["OAuthDomain"],
            "redirectSignIn": outputs["OAuthRedirectSignIn"],
            "redirectSignOut": outputs["OAuthRedirectSignOut"],
            "providers": providers,
        },
        "apiBase": "/api",
    }


CONFIG_SLOT = '<script id="verde-config" type="application/json"></script>'
# The .gz / .br copies the build writes for the local cloud; CloudFront compresses by itself.
PRECOMPRESSED = (".gz", ".br")


def index_with_config(index_html: str, config: dict) -> str:
    """index.html with the site's configuration in its #verde-config script (spa/src/lib/config.ts)."""
    if CONFIG_SLOT not in index_html:
        raise SystemExit("index.html has no empty #verde-config script: is spa/index.html current?")
    # No "<" inside a script element: "</script>" in a value would end it.
    payload = json.dumps(config, separators=(",", ":")).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return index_html.replace(CONFIG_SLOT, f'<script id="verde-config" type="application/json">{payload}</script>', 1)


def site_files(dist: pathlib.Path) -> dict[str, pathlib.Path]:
    """The files to upload, by key: the build without a local config.json or precompressed copies."""
    files = {p.relative_to(dist).as_posix(): p for p in dist.rglob("*") if p.is_file()}
    files.pop("config.json", None)  # never ship a local one
    return {k: p for k, p in files.items() if not k.endswith(PRECOMPRESSED)}


def upload_order(keys: list[str]) -> list[str]:
    """Assets first and index.html last, so no visitor gets an index.html whose assets are missing."""
    def rank(key: str) -> tuple[int, str]:
        if key.startswith("assets/"):
            return (0, key)
        if key == "index.html":
            return (2, key)
        return (1, key)
    return sorted(keys, key=rank)


def stale_keys(existing: dict[str, dt.datetime], current: set[str], now: dt.datetime,
               keep_assets: dt.timedelta) -> list[str]:
    """Objects no longer in the build. Old hashed assets stay a while: open tabs still load them lazily."""
    stale = []
    for key, modified in existing.items():
        if key in current or key == "config.json":
            continue
        if key.startswith("assets/") and now - modified < keep_assets:
            continue
        stale.append(key)
    return sorted(stale)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", default="dev", help="samconfig.toml environment (dev, prod)")
    parser.add_argument("--dist", default=str(ROOT / "spa" / "dist"), help="the built SPA")
    parser.add_argument("--keep-assets-days", type=int, default=7)
    parser.add_argument("--print-config", action="store_true", help="only print config.json")
    args = parser.parse_args()

    import boto3  # from the venv (aws-sam-cli brings it)

    stack, region = stack_settings(args.env, ROOT / "samconfig.toml")
    session = boto3.session.Session(region_name=region)
    described = session.client("cloudformation").describe_stacks(StackName=stack)["Stacks"][0]
    outputs = {o["OutputKey"]: o["OutputValue"] for o in described.get("Outputs", [])}
    config = site_config(outputs)
    body = json.dumps(config, indent=2) + "\n"
    if args.print_config:
        sys.stdout.write(body)
        return 0

    if outputs.get("ConfiguredSiteUrl") != outputs.get("SiteUrl"):
        print(f"note: the stack was deployed with SiteUrl={outputs.get('ConfiguredSiteUrl')}, but the site is "
              f"{outputs.get('SiteUrl')}. Deploy again with SiteUrl={outputs.get('SiteUrl')} (or your domain) so "
              "hosted-UI sign-in returns to the site and photo uploads pass CORS.", file=sys.stderr)

    dist = pathlib.Path(args.dist)
    if not (dist / "index.html").is_file():
        raise SystemExit(f"{dist}/index.html not found: build the SPA first (npm --prefix spa run build)")
    files = site_files(dist)

    s3 = session.client("s3")
    bucket = outputs["SpaBucketName"]
    for key in upload_order(list(files)):
        extra = {"ContentType": content_type(key), "CacheControl": cache_control(key)}
        if key == "index.html":
            page = index_with_config(files[key].read_text(encoding="utf-8"), config)
            s3.put_object(Bucket=bucket, Key=key, Body=page.encode("utf-8"), **extra)
        else:
            s3.upload_file(str(files[key]), bucket, key, ExtraArgs=extra)
    s3.put_object(Bucket=bucket, Key="config.json", Body=body.encode(),
                  ContentType="application/json", CacheControl=REVALIDATE)
    print(f"uploaded {len(files)} files and config.json to s3://{bucket}")

    existing: dict[str, dt.datetime] = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        for obj in page.get("Contents", []):
            existing[obj["Key"]] = obj["LastModified"]
    stale = stale_keys(existing, set(files), dt.datetime.now(dt.timezone.utc),
                       dt.timedelta(days=args.keep_assets_days))
    for i in range(0, len(stale), 1000):
        s3.delete_objects(Bucket=bucket, Delete={"Objects": [{"Key": k} for k in stale[i:i + 1000]]})
    if stale:
        print(f"deleted {len(stale)} stale objects")

    cloudfront = session.client("cloudfront")
    cloudfront.create_invalidation(
        DistributionId=outputs["DistributionId"],
        InvalidationBatch={"Paths": {"Quantity": 1, "Items": ["/*"]}, "CallerReference": str(time.time_ns())},
    )
    print(f"invalidated CloudFront; the site is {outputs['SiteUrl']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
