"""Unit tests of the tools' pure parts (no AWS, no Docker): python -m unittest discover -s tools -p 'test_*.py'"""
import datetime as dt
import json
import pathlib
import tempfile
import unittest

import deploy_spa
import sam_local_env

ROOT = pathlib.Path(__file__).resolve().parent.parent

OUTPUTS = {
    "Region": "sa-east-1",
    "UserPoolId": "sa-east-1_AbCdEf",
    "UserPoolClientId": "client123",
    "OAuthDomain": "verde-dev.auth.sa-east-1.amazoncognito.com",
    "OAuthRedirectSignIn": "https://d1.cloudfront.net/login",
    "OAuthRedirectSignOut": "https://d1.cloudfront.net/login",
    "OAuthProviders": "Google",
}


class SiteConfigTest(unittest.TestCase):
    def test_config_has_the_shape_the_spa_reads(self):
        self.assertEqual(deploy_spa.site_config(OUTPUTS), {
            "region": "sa-east-1",
            "userPoolId": "sa-east-1_AbCdEf",
            "userPoolClientId": "client123",
            "authFlowType": "USER_SRP_AUTH",
            "oauth": {
                "domain": "verde-dev.auth.sa-east-1.amazoncognito.com",
                "redirectSignIn": "https://d1.cloudfront.net/login",
                "redirectSignOut": "https://d1.cloudfront.net/login",
                "providers": ["Google"],
            },
            "apiBase": "/api",
        })

    def test_no_google_means_no_providers(self):
        self.assertEqual(deploy_spa.site_config({**OUTPUTS, "OAuthProviders": ""})["oauth"]["providers"], [])

    def test_missing_outputs_stop_the_upload(self):
        with self.assertRaises(SystemExit):
            deploy_spa.site_config({"Region": "sa-east-1"})

    def test_samconfig_environments_name_their_stacks(self):
        for env, stack in (("dev", "verde-dev"), ("prod", "verde-prod")):
            self.assertEqual(deploy_spa.stack_settings(env, ROOT / "samconfig.toml"), (stack, "sa-east-1"))


class UploadTest(unittest.TestCase):
    def test_hashed_assets_are_immutable_and_the_rest_revalidates(self):
        self.assertEqual(deploy_spa.cache_control("assets/index-Abc123.js"), deploy_spa.IMMUTABLE)
        self.assertEqual(deploy_spa.cache_control("index.html"), deploy_spa.REVALIDATE)
        self.assertEqual(deploy_spa.cache_control("favicon.svg"), deploy_spa.REVALIDATE)

    def test_content_types(self):
        self.assertEqual(deploy_spa.content_type("assets/a.js"), "text/javascript; charset=utf-8")
        self.assertEqual(deploy_spa.content_type("index.html"), "text/html; charset=utf-8")
        self.assertEqual(deploy_spa.content_type("favicon.svg"), "image/svg+xml")

    def test_index_html_goes_last_and_assets_first(self):
        order = deploy_spa.upload_order(["index.html", "favicon.svg", "assets/b.js", "assets/a.css"])
        self.assertEqual(order, ["assets/a.css", "assets/b.js", "favicon.svg", "index.html"])

    def test_index_html_carries_the_config_and_nothing_can_close_its_script(self):
        page = (ROOT / "spa" / "index.html").read_text(encoding="utf-8")
        config = deploy_spa.site_config(OUTPUTS) | {"apiBase": "/api</script><b>"}
        out = deploy_spa.index_with_config(page, config)
        start = out.index('<script id="verde-config" type="application/json">') + len('<script id="verde-config" type="application/json">')
        inline = out[start:out.index("</script>", start)]
        self.assertEqual(json.loads(inline), config)
        self.assertNotIn("<", inline)
        with self.assertRaises(SystemExit):
            deploy_spa.index_with_config("<html></html>", config)

    def test_precompressed_copies_and_a_local_config_are_not_uploaded(self):
        with tempfile.TemporaryDirectory() as tmp:
            dist = pathlib.Path(tmp)
            for name in ["index.html", "config.json", "favicon.svg", "assets/a.js", "assets/a.js.gz", "assets/a.js.br"]:
                (dist / name).parent.mkdir(parents=True, exist_ok=True)
                (dist / name).write_text("x")
            self.assertEqual(sorted(deploy_spa.site_files(dist)), ["assets/a.js", "favicon.svg", "index.html"])

    def test_recent_old_assets_survive_a_deploy(self):
        now = dt.datetime(2025, 1, 10, tzinfo=dt.timezone.utc)
        existing = {
            "index.html": now,
            "config.json": now - dt.timedelta(days=30),
            "assets/new.js": now,
            "assets/recent-old.js": now - dt.timedelta(days=2),
            "assets/ancient.js": now - dt.timedelta(days=30),
            "removed.txt": now,
        }
        stale = deploy_spa.stale_keys(existing, {"index.html", "assets/new.js"}, now, dt.timedelta(days=7))
        self.assertEqual(stale, ["assets/ancient.js", "removed.txt"])


class SamLocalEnvTest(unittest.TestCase):
    def test_functions_reach_the_emulators_and_verify_local_tokens(self):
        state = {"userPoolId": "local_abc", "userPoolClientId": "cid", "cursorSecret": "s3cr3t"}
        env = sam_local_env.env_file(state, 8080, "host.docker.internal")["Parameters"]
        self.assertEqual(env["AWS_ENDPOINT_URL_DYNAMODB"], "http://host.docker.internal:8081")
        self.assertEqual(env["AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER"], "http://host.docker.internal:8082")
        self.assertEqual(env["AWS_ENDPOINT_URL_S3"], "http://host.docker.internal:8084")
        self.assertEqual(env["COGNITO_ISSUER"], "http://localhost:8082/local_abc")
        self.assertEqual((env["USER_POOL_ID"], env["USER_POOL_CLIENT_ID"], env["CURSOR_SECRET_ARN"]),
                         ("local_abc", "cid", "verde-local/cursor-secret"))
        self.assertEqual(env["AWS_ENDPOINT_URL_SECRETS_MANAGER"], "http://host.docker.internal:8080")
        self.assertEqual((env["SPA_BUCKET"], env["SITE_URL"]), ("verde-spa", "http://localhost:8080"))
        self.assertNotIn("CURSOR_SECRET", env)

    def test_every_variable_is_declared_by_the_template(self):
        # SAM local overrides only variables the template declares.
        template = (ROOT / "template.yaml").read_text()
        env = sam_local_env.env_file({"userPoolId": "p", "userPoolClientId": "c"}, 8080, "localhost")
        for name in env["Parameters"]:
            self.assertIn(f"{name}:", template, name)

    def test_a_cloud_that_never_started_is_reported(self):
        with self.assertRaises(SystemExit):
            sam_local_env.env_file({}, 8080, "localhost")


if __name__ == "__main__":
    unittest.main()
