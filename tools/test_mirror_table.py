import unittest

import mirror_table


class MirrorTableTest(unittest.TestCase):
    def test_keys_missing_from_the_source_are_deleted(self):
        source = {("USER#a", "PROFILE"), ("GROUP#g", "META")}
        target = [("USER#a", "PROFILE"), ("USER#b", "PROFILE"), ("GROUP#g", "META"), ("POST#p", "META")]
        self.assertEqual(mirror_table.missing(target, source), [("USER#b", "PROFILE"), ("POST#p", "META")])

    def test_key_of_reads_the_string_keys(self):
        self.assertEqual(mirror_table.key_of({"PK": {"S": "A"}, "SK": {"S": "B"}, "x": {"N": "1"}}), ("A", "B"))

    def test_chunks_of_25(self):
        self.assertEqual([len(c) for c in mirror_table.chunks(list(range(60)), 25)], [25, 25, 10])


if __name__ == "__main__":
    unittest.main()
