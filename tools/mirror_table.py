#!/usr/bin/env python3
"""Make one DynamoDB table hold exactly what another holds: the last step of restoring
Verde's table to a point in time (docs/operations.md, "Restoring the table").

DynamoDB restores a point in time into a *new* table; the stack keeps using its own. This copies
every item of the restored table (--source) into the stack's table (--target) and deletes from
the target every item the source lacks, so the stack's table is back at that time, with its
name, indexes, TTL, alarms and permissions untouched. Without --yes it only counts what it
would do. Run it while the site is closed to writes (the runbook says how).

    .venv/bin/python tools/mirror_table.py --region sa-east-1 \\
        --source verde-prod-Table-restored --target verde-prod-Table-ABC123 [--yes]
"""
from __future__ import annotations

import argparse
import sys
from typing import Iterable, Iterator

KEY = ("PK", "SK")


def chunks(items: list, size: int) -> Iterator[list]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


def key_of(item: dict) -> tuple:
    return tuple(item[k]["S"] for k in KEY)


def missing(target_keys: Iterable[tuple], source_has: set[tuple]) -> list[tuple]:
    """The target's keys the source lacks: what the mirror deletes."""
    return [k for k in target_keys if k not in source_has]


def scan(client, table: str, keys_only: bool = False) -> Iterator[dict]:
    kwargs = {"TableName": table}
    if keys_only:
        kwargs["ProjectionExpression"] = "PK, SK"
    while True:
        page = client.scan(**kwargs)
        yield from page.get("Items", [])
        if "LastEvaluatedKey" not in page:
            return
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def write(client, table: str, requests: list[dict]) -> None:
    """BatchWriteItem in 25s, retrying what DynamoDB leaves unprocessed."""
    import time

    for chunk in chunks(requests, 25):
        pending = {table: chunk}
        for attempt in range(8):
            out = client.batch_write_item(RequestItems=pending)
            pending = out.get("UnprocessedItems") or {}
            if not pending:
                break
            time.sleep(0.05 * 2 ** attempt)
        else:
            raise SystemExit("DynamoDB kept items unprocessed: run the mirror again (it is idempotent)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--region", required=True)
    parser.add_argument("--source", required=True, help="the restored table")
    parser.add_argument("--target", required=True, help="the stack's table (its TableName output)")
    parser.add_argument("--endpoint-url", help="DynamoDB endpoint (DynamoDB Local for a rehearsal)")
    parser.add_argument("--yes", action="store_true", help="write; without it, only count")
    args = parser.parse_args()
    if args.source == args.target:
        raise SystemExit("--source and --target are the same table")
    import boto3

    client = boto3.client("dynamodb", region_name=args.region, endpoint_url=args.endpoint_url)
    source_keys: set[tuple] = set()
    puts: list[dict] = []
    for item in scan(client, args.source):
        source_keys.add(key_of(item))
        puts.append({"PutRequest": {"Item": item}})
        if args.yes and len(puts) >= 1000:
            write(client, args.target, puts)
            puts = []
    copied = len(source_keys)
    deletes = [{"DeleteRequest": {"Key": {"PK": {"S": pk}, "SK": {"S": sk}}}}
               for pk, sk in missing((key_of(i) for i in scan(client, args.target, keys_only=True)), source_keys)]
    print(f"{copied} items to copy from {args.source}, {len(deletes)} items to delete from {args.target}")
    if not args.yes:
        print("nothing written: run again with --yes")
        return 0
    write(client, args.target, puts)
    write(client, args.target, deletes)
    print(f"{args.target} now holds what {args.source} holds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
