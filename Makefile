# Verde: run it locally, test it, build and deploy it. `make help` lists the targets.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:
# The steps share two cores and start JVMs (DynamoDB Local): make never runs two side by side
# (make test pairs a few on purpose, see beside).
.NOTPARALLEL:
MAKEFLAGS += --no-builtin-rules --no-print-directory

# Every Lambda function of template.yaml as <LogicalId>:<directory under functions/>.
# shared/areas/template_test.go fails when this list and the template disagree.
FUNCTIONS := \
	MeFunction:me \
	NotificationsFunction:notifications \
	GroupsFunction:groups \
	LotesFunction:lotes \
	CultivosFunction:cultivos \
	UploadsFunction:uploads \
	PreSignUpFunction:presignup \
	PostConfirmationFunction:postconfirmation \
	CustomMessageFunction:custommessage \
	MigrationsFunction:migrations \
	RankingsFunction:rankings \
	RemindersFunction:reminders \
	AdminFunction:admin \
	AccountFunction:account \
	FeedFunction:feed \
	MutiroesFunction:mutiroes \
	DadosJobFunction:dadosjob \
	DigestFunction:digest \
	PhotosFunction:photos \
	PhotosJobFunction:photosjob \
	ViewsJobFunction:viewsjob

fn_id = $(word 1,$(subst :, ,$(1)))
fn_dir = $(word 2,$(subst :, ,$(1)))

GO ?= go
NPM ?= npm
PYTHON ?= python3
ENV ?= dev
# sam validate needs a region; it is also the default region of samconfig.toml.
AWS_REGION_FOR_LINT ?= sa-east-1

GO_LAMBDA_ENV := CGO_ENABLED=0 GOOS=linux GOARCH=arm64
# nodynamic: the WebP encoder (PhotosFunction) runs its WebAssembly build, never a system libwebp.
GO_LAMBDA_FLAGS := -trimpath -buildvcs=false -tags lambda.norpc,nodynamic -ldflags "-s -w"
BUILD_DIR := .build
# Size budget per function: 4.5 MB for the zipped package Lambda stores and loads at a cold
# start (its "code size"); make build fails past it. The target is 4 MB (make bench prints each
# function against it); only PhotosFunction (4.1 MB: its WebP encoder) is over it
# (docs/performance.md, Lambda start). The binary is reported too; on Go 1.26
# linux/arm64 even a bare aws-lambda-go handler is 5.8 MB unzipped (2.4 MB zipped), so the
# budget cannot bind the binary.
MAX_PACKAGE_BYTES := 4500000

# Go packages, without any that npm packages may ship under node_modules.
LIST_GO_PACKAGES = pkgs=$$($(GO) list ./... | grep -v /node_modules/)
# The test packages that run longest (a minute or more against their local cloud), named
# first so that go test starts them first: with -p 2 the last one to start sets the end.
SLOW_GO_TESTS := ./shared/store ./shared/api/feed ./shared/api/mutiroes ./shared/api/groups \
	./tools/season/sim ./shared/api/cultivos
GO_TEST_FLAGS ?= -p 2 -timeout 20m

VENV := .venv
VENV_BIN := $(VENV)/bin
export SAM_CLI_TELEMETRY := 0

# Stamps: npm ci and pip run again only when their lock files change.
SPA_DEPS := spa/node_modules/.verde-stamp
LOCAL_DEPS := infra/local/node_modules/.verde-stamp
VENV_STAMP := $(VENV)/.verde-stamp
SPA_SOURCES := $(shell find spa -type f \
	-not -path 'spa/node_modules/*' -not -path 'spa/dist/*' -not -path 'spa/e2e/*' 2>/dev/null)

.PHONY: help
help:
	@echo "Verde: make <target> (docs/operations.md runs a deployed stack)"
	@echo "Local"
	@echo "  make dev                 run the whole product at http://localhost:8080 (PORT=9000 make dev to move it; no AWS account)"
	@echo "  make reset-local         delete the local cloud's data (.local/)"
	@echo "  make admin EMAIL=...     make a member an admin: against a running make dev, or a stack with ENV=dev|prod"
	@echo "  make remind              run the daily reminders job now against a running make dev"
	@echo "  make digest              run the weekly e-mail digest now against a running make dev"
	@echo "  make sam-local-env       env-vars file for sam local start-api against the local cloud"
	@echo "Checks"
	@echo "  make test                every check and test (installs npm and Python tooling itself)"
	@echo "  make test-go             go vet, go mod tidy check, go test"
	@echo "  make test-infra          sam validate --lint, cfn-lint, OpenAPI document, deploy tools' tests"
	@echo "  make test-schemathesis   schemathesis over every API operation against a local cloud"
	@echo "  make test-spa            the SPA's type check, lint, unit tests, build, size check, browser journeys"
	@echo "  make bench               print sizes, init cost, per-route DynamoDB calls, JS bytes, Lighthouse and monthly cost"
	@echo "  make season              play a simulated year of a community and print its costs and invariants"
	@echo "Build"
	@echo "  make build               build every Lambda into $(BUILD_DIR)/<LogicalId>/bootstrap and report sizes"
	@echo "  make build-<LogicalId>   one function into ARTIFACTS_DIR (what sam build calls)"
	@echo "  make clean               remove build outputs (not .local/, not installed tooling)"
	@echo "AWS (ENV=dev|prod, samconfig.toml)"
	@echo "  make deploy ENV=...              sam build + sam deploy (refuses prod with localhost or change-me values)"
	@echo "  make deploy-spa ENV=...          build the SPA, write config.json from the stack, upload, invalidate"
	@echo "  make deploy-google ENV=...       set Google sign-in (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET)"
	@echo "  make deploy-edge-alarms ENV=...  the CloudFront 5xx alarm, in us-east-1 where CloudFront's metrics are"
	@echo "  make deploy-waf ENV=...          the optional WAF web ACL (per-IP rate rules), in us-east-1; prints its ARN for WebAclArn"

# ---------------------------------------------------------------- installs

$(SPA_DEPS): spa/package-lock.json
	cd spa && $(NPM) ci --no-audit --no-fund
	@touch $@

$(LOCAL_DEPS): infra/local/package-lock.json
	cd infra/local && $(NPM) ci --no-audit --no-fund
	@touch $@

# make bench's Lighthouse (npm lighthouse, which drives Debian's chromium; nothing downloads one).
BENCH_DEPS := tools/bench/node_modules/.verde-stamp
$(BENCH_DEPS): tools/bench/package-lock.json
	cd tools/bench && PUPPETEER_SKIP_DOWNLOAD=1 $(NPM) ci --no-audit --no-fund
	@touch $@

$(VENV_STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV_BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@

# ---------------------------------------------------------------- local cloud

spa/dist/index.html: $(SPA_DEPS) $(SPA_SOURCES)
	$(NPM) --prefix spa run build

# Built, then exec'd (not `go run`): on Ctrl-C the local cloud itself is make's child, stops its
# emulators and exits 0, so make has no failed or killed recipe to report.
LOCAL_CLOUD_BIN := $(BUILD_DIR)/local-cloud

.PHONY: dev
dev: $(LOCAL_DEPS) spa/dist/index.html
	$(GO) build -o $(LOCAL_CLOUD_BIN) ./infra/local
	@exec ./$(LOCAL_CLOUD_BIN)

.PHONY: reset-local
reset-local:
	@echo "Deleting the local cloud's data in .local/ (users, table, uploads); stop 'make dev' first."
	rm -rf .local

# ---------------------------------------------------------------- Lambda builds

# build-<LogicalId>: what `sam build` runs for BuildMethod: makefile, with ARTIFACTS_DIR set.
define function_rule
.PHONY: build-$(call fn_id,$(1))
build-$(call fn_id,$(1)):
	@test -n "$$(ARTIFACTS_DIR)" || { echo "ARTIFACTS_DIR is not set: sam build sets it (or run make build)" >&2; exit 1; }
	$$(GO_LAMBDA_ENV) $$(GO) build $$(GO_LAMBDA_FLAGS) -o "$$(ARTIFACTS_DIR)/bootstrap" ./functions/$(call fn_dir,$(1))
endef
$(foreach f,$(FUNCTIONS),$(eval $(call function_rule,$(f))))

# One go build for every function (the flags of build-<LogicalId>): it compiles and links them
# in parallel; each binary then becomes <LogicalId>/bootstrap and is zipped.
.PHONY: build
build:
	@rm -rf $(BUILD_DIR)
	@$(GO_LAMBDA_ENV) $(GO) build $(GO_LAMBDA_FLAGS) -o "$(BUILD_DIR)/bin/" \
		$(foreach f,$(FUNCTIONS),./functions/$(call fn_dir,$(f)))
	@for f in $(FUNCTIONS); do \
		id=$${f%%:*}; dir=$${f##*:}; \
		mkdir -p "$(BUILD_DIR)/$$id" && mv "$(BUILD_DIR)/bin/$$dir" "$(BUILD_DIR)/$$id/bootstrap"; \
		(cd "$(BUILD_DIR)/$$id" && $(PYTHON) -m zipfile -c ../$$id.zip bootstrap); \
	done
	@rmdir "$(BUILD_DIR)/bin"
	@status=0; \
	echo "Lambda functions (linux/arm64): binary, zipped package (budget $(MAX_PACKAGE_BYTES) bytes)"; \
	for f in $(FUNCTIONS); do \
		id=$${f%%:*}; \
		bin=$$(stat -c %s "$(BUILD_DIR)/$$id/bootstrap"); zip=$$(stat -c %s "$(BUILD_DIR)/$$id.zip"); \
		mark=ok; if [ "$$zip" -gt $(MAX_PACKAGE_BYTES) ]; then mark="OVER BUDGET"; status=1; fi; \
		awk -v id="$$id" -v b="$$bin" -v z="$$zip" -v m="$$mark" \
			'BEGIN { printf "  %-28s binary %6.2f MB   zip %5.2f MB   %s\n", id, b / 1e6, z / 1e6, m }'; \
	done; \
	exit $$status

# ---------------------------------------------------------------- tests

# The steps run in three stages on two cores, each pairing work that waits (downloads, a
# local cloud's round trips) with work that computes: the Go tests beside the npm and Python
# installs; the API fuzz run beside the template checks and the Lambda builds; then the SPA.
.PHONY: test
test: $(LOCAL_DEPS)
	@$(call beside,$(SPA_DEPS) $(VENV_STAMP),test-go)
	@$(call beside,test-infra build,test-schemathesis)
	@$(MAKE) test-spa
	@echo "make test: all checks passed"

# $(call beside,A,B): make A in the background while make B runs; A's output is kept and printed
# when both have ended (so the two never interleave); fails if either failed.
beside = log=$$(mktemp); { $(MAKE) $(1) >"$$log" 2>&1; } & bg=$$!; \
	fg=0; $(MAKE) $(2) || fg=$$?; bgs=0; wait $$bg || bgs=$$?; \
	echo "--- make $(1) (ran beside make $(2)): exit $$bgs"; cat "$$log"; rm -f "$$log"; \
	[ $$fg -eq 0 ] && [ $$bgs -eq 0 ]

.PHONY: test-go
test-go: $(LOCAL_DEPS)
	@$(GO) mod tidy -diff || { echo "go.mod/go.sum are not tidy: run go mod tidy and commit the result" >&2; exit 1; }
	$(LIST_GO_PACKAGES); $(GO) vet $$pkgs
	$(LIST_GO_PACKAGES); $(GO) test $(GO_TEST_FLAGS) $(SLOW_GO_TESTS) $$pkgs

# The template (SAM's lint runs offline: no AWS account needed), the OpenAPI document and
# the deploy tools.
.PHONY: test-infra
test-infra: $(VENV_STAMP)
	$(VENV_BIN)/sam validate --lint --region $(AWS_REGION_FOR_LINT)
	$(VENV_BIN)/cfn-lint template.yaml infra/waf.yaml
	$(VENV_BIN)/openapi-spec-validator shared/api/openapi.yaml
	$(VENV_BIN)/python -m unittest discover -s tools -p 'test_*.py'

# schemathesis (PyPI, pinned in requirements-dev.txt, in .venv) over every operation of
# openapi.yaml against a local cloud of its own, with real tokens and fixtures that reach the
# deep routes; stateless and stateful, fixed seed, bounded examples (about a minute). Fails on
# any 5xx, schema violation, undocumented status or accepted schema-violating request.
.PHONY: test-schemathesis
test-schemathesis: $(VENV_STAMP) $(LOCAL_DEPS)
	$(GO) vet -tags schemathesis ./shared/api/fuzz/
	SCHEMATHESIS=$(CURDIR)/$(VENV_BIN)/schemathesis $(GO) test -tags schemathesis -count=1 -timeout 15m ./shared/api/fuzz/

# The SPA's checks; the end-to-end journeys drive Debian's chromium against the local
# cloud, so they need the emulators too. `run --if-present` skips a script not written yet.
.PHONY: test-spa
test-spa: $(SPA_DEPS) $(LOCAL_DEPS)
	$(NPM) --prefix spa run typecheck
	$(NPM) --prefix spa run lint
	$(NPM) --prefix spa run check:api
	CI=true $(NPM) --prefix spa test
	$(NPM) --prefix spa run build
	$(NPM) --prefix spa run --if-present size
	$(NPM) --prefix spa run --if-present e2e

# ---------------------------------------------------------------- bench

# Figures, not a test, each against its target: function sizes and init instructions (as a
# ratio to a bare handler), every SPA read's and create's DynamoDB calls, request units, CPU
# and bytes on the data of the last make season (SEASON_DIR), the SPA's JavaScript per entry
# route, Lighthouse for /login and, as the season's busiest member, /dashboard, /feed and a
# cultivo page, and the season's monthly cost per 1,000 members (docs/performance.md). Never
# fails on a figure. BENCH_FLAGS=-lighthouse=false (or -routes=false, -init=false) skips parts.
BENCH_FLAGS ?=
.PHONY: bench
bench: $(LOCAL_DEPS) $(BENCH_DEPS) spa/dist/index.html
	@$(MAKE) build >/dev/null || true
	@SEASON_DIR=$(SEASON_DIR) $(GO) run ./tools/bench $(BENCH_FLAGS)

# ---------------------------------------------------------------- season

# A seeded year of a community through the real API on a local cloud of its own
# (tools/season): requests per active member-month by route, DynamoDB request units by AWS's
# billing rules, GB-s, photo and log bytes, Cognito MAU, the monthly cost per 1,000 active
# members at 1,000/10,000/100,000 members, and the invariants checked at the end (exits 1 if one
# fails). A benchmark, not a test (the small season runs in go test). About an hour on a shared
# 2-core machine. SEASON_FLAGS="-members 5000 -groups 100" plays the full size. The cloud's data
# stays in SEASON_DIR (in memory when /dev/shm has room) with report.txt and seeded.json, for
# make bench's routes and Lighthouse.
SEASON_FLAGS ?=
SEASON_DIR ?= $(shell test -w /dev/shm && echo /dev/shm/verde-season || echo $(CURDIR)/.season)
.PHONY: season
season: $(LOCAL_DEPS) spa/dist/index.html
	@$(GO) run ./tools/season -keep $(SEASON_DIR) -out $(SEASON_DIR).report.txt $(SEASON_FLAGS)

# ---------------------------------------------------------------- AWS

# PARAMETER_OVERRIDES="Key=Value …" adds to (and wins over) samconfig.toml's parameter_overrides.
# tools/deploy_check.py refuses prod with localhost or change-me values first.
PARAMETER_OVERRIDES ?=
.PHONY: deploy
deploy: $(VENV_STAMP)
	$(VENV_BIN)/python tools/deploy_check.py --env $(ENV) --overrides "$(PARAMETER_OVERRIDES)"
	$(VENV_BIN)/sam build --config-env $(ENV)
	@if [ -n "$(PARAMETER_OVERRIDES)" ]; then \
		eval "set -- $$($(VENV_BIN)/python tools/deploy_check.py --env $(ENV) --overrides "$(PARAMETER_OVERRIDES)" --merged)"; \
		echo "sam deploy --config-env $(ENV) --parameter-overrides $$*"; \
		$(VENV_BIN)/sam deploy --config-env $(ENV) --parameter-overrides "$$@"; \
	else \
		$(VENV_BIN)/sam deploy --config-env $(ENV); \
	fi

# CloudFront publishes its metrics only in us-east-1, where an alarm must live: a small stack
# of its own (infra/edge-alarms.yaml) watches the distribution's 5xx rate and mails ALARM_EMAIL.
ALARM_EMAIL ?=
.PHONY: deploy-edge-alarms
deploy-edge-alarms: $(VENV_STAMP)
	@dist=$$($(VENV_BIN)/python tools/deploy_check.py --env $(ENV) --output DistributionId); \
	stack=$$($(VENV_BIN)/python tools/deploy_check.py --env $(ENV) --output StackName); \
	echo "sam deploy --template-file infra/edge-alarms.yaml --stack-name $$stack-edge --region us-east-1 (DistributionId=$$dist)"; \
	$(VENV_BIN)/sam deploy --template-file infra/edge-alarms.yaml --stack-name "$$stack-edge" --region us-east-1 \
		--no-fail-on-empty-changeset --parameter-overrides "DistributionId=$$dist" "AlarmEmail=$(ALARM_EMAIL)"

# The optional WAF web ACL in front of CloudFront (infra/waf.yaml): scope CLOUDFRONT, so it lives
# in us-east-1, in a stack of its own; its ARN goes into the main stack's WebAclArn parameter.
# WAF_API_LIMIT / WAF_SITE_LIMIT: requests per IP in any 5 minutes (defaults in infra/waf.yaml).
.PHONY: deploy-waf
deploy-waf: $(VENV_STAMP)
	@stack=$$($(VENV_BIN)/python tools/deploy_check.py --env $(ENV) --output StackName); \
	overrides=""; \
	test -z "$(WAF_API_LIMIT)" || overrides="$$overrides RequestsPerIpPer5Minutes=$(WAF_API_LIMIT)"; \
	test -z "$(WAF_SITE_LIMIT)" || overrides="$$overrides SiteRequestsPerIpPer5Minutes=$(WAF_SITE_LIMIT)"; \
	echo "sam deploy --template-file infra/waf.yaml --stack-name $$stack-waf --region us-east-1"; \
	$(VENV_BIN)/sam deploy --template-file infra/waf.yaml --stack-name "$$stack-waf" --region us-east-1 \
		--no-fail-on-empty-changeset $${overrides:+--parameter-overrides $$overrides}; \
	arn=$$($(VENV_BIN)/python -c 'import boto3,sys; print(next(o["OutputValue"] for o in boto3.client("cloudformation", region_name="us-east-1").describe_stacks(StackName=sys.argv[1])["Stacks"][0]["Outputs"] if o["OutputKey"]=="WebAclArn"))' "$$stack-waf"); \
	echo "Put WebAclArn=$$arn into samconfig.toml's $(ENV) parameter_overrides, then make deploy ENV=$(ENV)."

# Google's OAuth client for the stack, from the environment (not kept in samconfig.toml);
# later `make deploy` runs keep it: parameters left out of the overrides keep their value.
.PHONY: deploy-google
deploy-google: $(VENV_STAMP)
	@test -n "$${GOOGLE_CLIENT_ID:-}" && test -n "$${GOOGLE_CLIENT_SECRET:-}" || \
		{ echo "set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET" >&2; exit 1; }
	$(VENV_BIN)/sam build --config-env $(ENV)
	@echo "sam deploy --config-env $(ENV) --parameter-overrides GoogleClientId=… GoogleClientSecret=…"
	@$(VENV_BIN)/sam deploy --config-env $(ENV) \
		--parameter-overrides "GoogleClientId=$$GOOGLE_CLIENT_ID" "GoogleClientSecret=$$GOOGLE_CLIENT_SECRET"

.PHONY: deploy-spa
deploy-spa: $(VENV_STAMP) $(SPA_DEPS)
	$(NPM) --prefix spa run build
	$(VENV_BIN)/python tools/deploy_spa.py --env $(ENV)

# For `sam local start-api` (Docker): the env-vars file that points the functions at the
# local cloud's emulators. SAM_LOCAL_HOST=host.docker.internal where host networking is off.
SAM_LOCAL_HOST ?= localhost
.PHONY: sam-local-env
sam-local-env:
	$(PYTHON) tools/sam_local_env.py --host $(SAM_LOCAL_HOST)

# ---------------------------------------------------------------- housekeeping

.PHONY: clean
clean:
	rm -rf $(BUILD_DIR) .aws-sam spa/dist

# The daily reminders job (RemindersFunction) now, against a running `make dev` (the local
# cloud also runs it every day at 10:00 UTC, 07:00 in Brasília, as EventBridge does in AWS).
.PHONY: remind
remind:
	@curl -fsS -X POST -d '{}' http://localhost:$${PORT:-8080}/2015-03-31/functions/RemindersFunction/invocations && echo

# The weekly e-mail digest (DigestFunction) now, against a running `make dev`; in AWS its
# schedule runs it on Mondays (docs/operations.md, "Jobs").
.PHONY: digest
digest:
	@curl -fsS -X POST -d '{}' http://localhost:$${PORT:-8080}/2015-03-31/functions/DigestFunction/invocations && echo

# The first admin (or any other): the member with EMAIL joins the admin group. Without ENV, against
# a running `make dev` (PORT as it was started); with ENV=dev|prod, against that deployed stack
# with your AWS credentials. The member must have signed up first.
EMAIL ?=
.PHONY: admin
admin:
	@test -n "$(EMAIL)" || { echo "usage: make admin EMAIL=pessoa@exemplo.com [ENV=dev|prod]" >&2; exit 1; }
ifeq ($(origin ENV),command line)
	@$(MAKE) $(VENV_STAMP) >/dev/null
	$(GO) run ./tools/admin -email "$(EMAIL)" -env $(ENV) \
		-pool "$$($(VENV_BIN)/python tools/deploy_check.py --env $(ENV) --output UserPoolId)" \
		-table "$$($(VENV_BIN)/python tools/deploy_check.py --env $(ENV) --output TableName)" \
		-region "$$($(VENV_BIN)/python tools/deploy_check.py --env $(ENV) --output Region)"
else
	$(GO) run ./tools/admin -email "$(EMAIL)" -port $${PORT:-8080}
endif
