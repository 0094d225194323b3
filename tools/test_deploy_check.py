import pathlib
import tempfile
import unittest

import deploy_check

SAMCONFIG = '''
version = 0.1
[prod.deploy.parameters]
stack_name = "verde-prod"
parameter_overrides = "Stage=prod AuthDomainPrefix=verde-prod-change-me SiteUrl=http://localhost:8080"
[dev.deploy.parameters]
parameter_overrides = "Stage=dev AuthDomainPrefix=verde-dev-change-me SiteUrl=http://localhost:8080"
'''


class DeployCheckTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = pathlib.Path(self.dir.name) / "samconfig.toml"
        self.path.write_text(SAMCONFIG)

    def tearDown(self):
        self.dir.cleanup()

    def test_prod_with_placeholders_is_refused(self):
        params = deploy_check.parameter_overrides("prod", self.path)
        found = deploy_check.problems("prod", params)
        self.assertTrue(any("SiteUrl=http://localhost:8080" in p for p in found), found)
        self.assertTrue(any("AuthDomainPrefix=verde-prod-change-me" in p for p in found), found)

    def test_prod_with_real_values_passes(self):
        params = deploy_check.parameter_overrides(
            "prod", self.path, "AuthDomainPrefix=verde-horta SiteUrl=https://verde.example.org")
        self.assertEqual(deploy_check.problems("prod", params), [])

    def test_prod_needs_https(self):
        params = deploy_check.parameter_overrides(
            "prod", self.path, "AuthDomainPrefix=verde-horta SiteUrl=http://verde.example.org")
        self.assertEqual(len(deploy_check.problems("prod", params)), 1)

    def test_a_placeholder_in_any_parameter_is_refused(self):
        params = deploy_check.parameter_overrides(
            "prod", self.path,
            "AuthDomainPrefix=verde-horta SiteUrl=https://verde.example.org CallbackUrls=http://localhost:8080/login")
        self.assertEqual(len(deploy_check.problems("prod", params)), 1)

    def test_dev_may_keep_them(self):
        params = deploy_check.parameter_overrides("dev", self.path)
        self.assertEqual(deploy_check.problems("dev", params), [])


if __name__ == "__main__":
    unittest.main()
