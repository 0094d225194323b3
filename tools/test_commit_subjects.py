"""The commit-subject rule (tools/commit_subjects.py) on this repository's history."""
import pathlib
import subprocess
import unittest

import commit_subjects

ROOT = pathlib.Path(__file__).resolve().parent.parent


class CommitSubjectsTest(unittest.TestCase):
    def test_a_subject_of_73_characters_is_too_long(self):
        ok, long = "a" * 72, "b" * 73
        self.assertEqual(commit_subjects.too_long([("1", ok), ("2", long)]), [("2", long)])

    def test_every_commit_since_the_rule_has_a_short_subject(self):
        subjects = commit_subjects.subjects_since(cwd=ROOT)
        self.assertEqual(commit_subjects.too_long(subjects), [],
                         "shorten these subjects (git commit --amend / rebase before pushing)")

    def test_the_rule_base_is_not_checked(self):
        # The base's own subject is longer than the rule allows; it must not be reported.
        base = subprocess.run(["git", "log", "-1", "--format=%s", commit_subjects.RULE_BASE],
                              cwd=ROOT, capture_output=True, text=True)
        if base.returncode != 0:
            self.skipTest("shallow clone without the rule's base")
        self.assertGreater(len(base.stdout.strip()), commit_subjects.MAX_SUBJECT)
        hashes = [h for h, _ in commit_subjects.subjects_since(cwd=ROOT)]
        self.assertNotIn(commit_subjects.RULE_BASE, hashes)


if __name__ == "__main__":
    unittest.main()
