#!/usr/bin/env python3
"""Refuse a deploy whose parameters still hold the local or example values.

`make deploy ENV=…` runs this before `sam build`. For prod, every parameter of
samconfig.toml's [prod] environment (and any PARAMETER_OVERRIDES given to make)
must name a real site: no localhost origin, no `change-me` placeholder, an https
SiteUrl. dev may keep them (a first dev deploy has no site yet).

`--output NAME` prints one output of the environment's deployed stack instead
(the Makefile's deploy-edge-alarms reads DistributionId with it).
"""
from __future__ import annotations

import argparse
import pathlib
import shlex
import sys
import tomllib

from deploy_spa import stack_settings

ROOT = pathlib.Path(__file__).resolve().parent.parent


def parameter_overrides(env: str, samconfig: pathlib.Path, extra: str = "") -> dict[str, str]:
    """The Key=Value parameter overrides samconfig.toml gives env, then extra's over them."""
    cfg = tomllib.loads(samconfig.read_text())
    if env not in cfg:
        raise SystemExit(f"samconfig.toml has no [{env}] environment")
    raw = cfg[env].get("deploy", {}).get("parameters", {}).get("parameter_overrides", "")
    if isinstance(raw, list):
        raw = " ".join(raw)
    values: dict[str, str] = {}
    for part in shlex.split(raw) + shlex.split(extra):
        key, sep, value = part.partition("=")
        if sep:
            values[key] = value
    return values


def problems(env: str, params: dict[str, str]) -> list[str]:
    """What stops env from being deployed with params (nothing for dev)."""
    if env != "prod":
        return []
    found = []
    for key, value in sorted(params.items()):
        low = value.lower()
        if "localhost" in low or "127.0.0.1" in low:
            found.append(f"{key}={value}: a local address; set the site's real origin")
        if "change-me" in low:
            found.append(f"{key}={value}: still the example placeholder; choose a real value")
    site = params.get("SiteUrl", "")
    if not site:
        found.append("SiteUrl is not set: give the site's https origin (the SiteUrl output of the first deploy, or your domain)")
    elif not site.startswith("https://"):
        found.append(f"SiteUrl={site}: prod needs an https origin")
    if not params.get("AuthDomainPrefix"):
        found.append("AuthDomainPrefix is not set: the hosted-UI domain prefix, unique in the region")
    return found


def stack_output(env: str, name: str) -> str:
    import boto3  # only for --output: the checks need no AWS access

    stack, region = stack_settings(env, ROOT / "samconfig.toml")
    cfn = boto3.client("cloudformation", region_name=region)
    outputs = cfn.describe_stacks(StackName=stack)["Stacks"][0].get("Outputs", [])
    for o in outputs:
        if o["OutputKey"] == name:
            return o["OutputValue"]
    raise SystemExit(f"stack {stack} has no output {name}: deploy it first (make deploy ENV={env})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="dev")
    parser.add_argument("--overrides", default="", help="extra Key=Value parameter overrides (make's PARAMETER_OVERRIDES)")
    parser.add_argument("--output", help="print this output of the deployed stack and exit")
    parser.add_argument("--merged", action="store_true",
                        help="print samconfig's overrides with --overrides over them, for sam deploy --parameter-overrides")
    args = parser.parse_args()
    if args.output:
        print(stack_output(args.env, args.output))
        return 0
    params = parameter_overrides(args.env, ROOT / "samconfig.toml", args.overrides)
    if args.merged:
        print(" ".join(shlex.quote(f"{k}={v}") for k, v in params.items()))
        return 0
    found = problems(args.env, params)
    if found:
        print(f"make deploy ENV={args.env}: refusing to deploy; fix samconfig.toml [{args.env}] "
              "(or pass PARAMETER_OVERRIDES=...):", file=sys.stderr)
        for p in found:
            print("  - " + p, file=sys.stderr)
        print("docs/operations.md, 'Deploy from zero', says which values go there.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
