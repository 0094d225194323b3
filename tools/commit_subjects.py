"""Commit subjects stay short: at most 72 characters, the detail in the body.

The rule holds for every commit after RULE_BASE (the last commit made before it existed);
older history is left as it is. `python3 tools/commit_subjects.py` prints the offenders and
exits 1; `make test` runs it through test_commit_subjects.py.
"""
import subprocess
import sys

MAX_SUBJECT = 72
# The newest commit of main when the rule was introduced; its ancestors are not checked.
RULE_BASE = "7b815384fb7cc5cf5875f5026d64a102ba4a7f9f"


def too_long(subjects):
    """The (hash, subject) pairs whose subject runs past MAX_SUBJECT characters."""
    return [(h, s) for h, s in subjects if len(s) > MAX_SUBJECT]


def subjects_since(base=RULE_BASE, cwd=None):
    """(hash, subject) of each commit reachable from HEAD but not from base. A clone that lacks
    base (shallow) checks what it has."""
    has_base = subprocess.run(
        ["git", "cat-file", "-e", base + "^{commit}"], cwd=cwd, capture_output=True
    ).returncode == 0
    rev = [base + "..HEAD"] if has_base else ["HEAD"]
    out = subprocess.run(
        ["git", "log", "--format=%H%x09%s", *rev], cwd=cwd, capture_output=True, text=True, check=True
    ).stdout
    return [tuple(line.split("\t", 1)) for line in out.splitlines() if "\t" in line]


def main():
    bad = too_long(subjects_since())
    for h, s in bad:
        print(f"{h[:10]} {len(s)} characters: {s}", file=sys.stderr)
    if bad:
        print(f"{len(bad)} commit subject(s) over {MAX_SUBJECT} characters: keep the subject "
              "short and the detail in the body", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
