// Package cloud is Verde's local cloud: it supervises DynamoDB Local and cognito-local, glues
// them to the very handlers deployed to Lambda (an API-Gateway-like router read from
// template.yaml, a Lambda-invoke endpoint for the Cognito triggers), serves the SPA and
// /config.json, keeps uploads in gofakes3, and bootstraps everything idempotently. `go run
// ./infra/local` runs it for people; Start runs it for Go tests.
package cloud

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/verde-app/verde/infra/seed"
	"github.com/verde-app/verde/shared/app"
	"github.com/verde-app/verde/shared/areas"
	"github.com/verde-app/verde/shared/auth/cognitoadmin"
	"github.com/verde-app/verde/shared/lambdahttp"
	"github.com/verde-app/verde/shared/migrations"
	"github.com/verde-app/verde/shared/store"
	"github.com/verde-app/verde/shared/triggers/custommessage"
)

// Cloud is a running local cloud. Its fields say where everything is.
type Cloud struct {
	// URL serves the product: SPA, /config.json, /api and the Lambda-invoke endpoint.
	URL string
	// DynamoEndpoint is DynamoDB Local (AWS_ENDPOINT_URL_DYNAMODB).
	DynamoEndpoint string
	// CognitoEndpoint is cognito-local over plain HTTP (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).
	CognitoEndpoint string
	// CognitoTLSEndpoint is the TLS proxy in front of cognito-local: /config.json's
	// userPoolEndpoint and, without the scheme, its OAuth domain.
	CognitoTLSEndpoint string
	// S3Endpoint is the uploads store (AWS_ENDPOINT_URL_S3).
	S3Endpoint string
	// s3Reads counts the GETs each object of the S3 emulator answered (S3Reads).
	s3Reads objectReads

	// Issuer is the iss claim of cognito-local's tokens (COGNITO_ISSUER); its JWKS is at
	// Issuer + "/.well-known/jwks.json".
	Issuer        string
	UserPoolID    string
	ClientID      string
	TableName     string
	UploadsBucket string
	// SPABucket holds, on the S3 emulator, the one object of the SPA's bucket a function reads:
	// its index.html (spabucket.go).
	SPABucket string
	Region    string

	// AdminEmail and AdminPassword sign the demo admin in (group admin).
	AdminEmail    string
	AdminPassword string
	// AdminTOTPSecret is the demo admin's authenticator (TOTP) secret: the API requires TOTP
	// MFA of admins, and the demo admin's sign-in asks for its code.
	AdminTOTPSecret string

	Root    string
	DataDir string
	// Template is what the router and the triggers were read from.
	Template Template
	// Deps are the dependencies the in-process handlers were built with.
	Deps app.Deps
	// Config is the SPA's /config.json.
	Config SPAConfig
	// Clock is every in-process function's Now, settable at ClockPath (clock.go).
	Clock *Clock

	opts         Options
	cognitoProxy *cognitoProxy
	mailbox      *mailbox
	originSecret string
	secrets      *secretsManager
	invoker      *LambdaInvoker
	cdn          cloudFront
	periodic     []func() // the rate-scheduled functions' loops, started once invoker is set
	logger       *slog.Logger
	lock         *os.File
	children     []*child
	servers      []*http.Server
	failed       chan error
	stopping     atomic.Bool
	stopOnce     sync.Once
}

// running allows one cloud per process: the handlers read their endpoints from the process
// environment, as in Lambda.
var running atomic.Bool

// Start brings the local cloud up and returns when every part answers. Only one cloud may run
// in a process at a time, because the handlers read their configuration from the process
// environment (as in Lambda). Stop it with Stop.
func Start(ctx context.Context, opts Options) (*Cloud, error) {
	if err := opts.resolve(); err != nil {
		return nil, err
	}
	if !running.CompareAndSwap(false, true) {
		return nil, errors.New("a local cloud is already running in this process: Stop it first")
	}
	c := &Cloud{
		opts:          opts,
		Root:          opts.Root,
		DataDir:       opts.DataDir,
		TableName:     opts.TableName,
		UploadsBucket: opts.UploadsBucket,
		SPABucket:     opts.SPABucket,
		Region:        Region,
		Clock:         NewClock(),
		failed:        make(chan error, 4),
		logger:        slog.New(slog.NewTextHandler(opts.Log, &slog.HandlerOptions{Level: slog.LevelInfo})),
	}
	if err := c.lockDataDir(); err != nil {
		running.Store(false)
		return nil, err
	}
	var err error
	if opts.DynamoOnly {
		err = c.startDynamoOnly(ctx)
	} else {
		err = c.startAll(ctx)
	}
	if err != nil {
		c.Stop()
		return nil, err
	}
	for _, ch := range c.children {
		go c.watch(ch)
	}
	return c, nil
}

// DynamoPID is DynamoDB Local's process id (0 when it is not running):
// tests freeze it (SIGSTOP) to see how the API answers a stalled table.
func (c *Cloud) DynamoPID() int {
	for _, ch := range c.children {
		if ch.name == "DynamoDB Local" && ch.cmd.Process != nil {
			return ch.cmd.Process.Pid
		}
	}
	return 0
}

func (c *Cloud) logf(format string, args ...any) { fmt.Fprintf(c.opts.Log, format+"\n", args...) }

// lockDataDir keeps two clouds off one DataDir (they would fight over the emulators' files).
func (c *Cloud) lockDataDir() error {
	if err := os.MkdirAll(filepath.Join(c.DataDir, "logs"), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(c.DataDir, ".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return fmt.Errorf("another local cloud is using %s: stop it first (Ctrl-C in its terminal)", c.DataDir)
	}
	c.lock = f
	return nil
}

func (c *Cloud) startDynamoOnly(ctx context.Context) error {
	p, err := choosePorts(c.opts)
	if err != nil {
		return err
	}
	if err := checkFree(p.Dynamo, "DynamoDB Local"); err != nil {
		return err
	}
	java, err := requireJava(ctx)
	if err != nil {
		return err
	}
	if err := ensureNodeModules(ctx, c.Root, c.opts.Log); err != nil {
		return err
	}
	dyn, err := startDynamo(ctx, java, c.Root, c.DataDir, p.Dynamo)
	if err != nil {
		return err
	}
	c.children = append(c.children, dyn)
	c.DynamoEndpoint = "http://localhost:" + strconv.Itoa(p.Dynamo)
	if err := c.prepareTable(ctx); err != nil {
		return err
	}
	c.setEnv()
	deps, err := app.NewDeps(ctx, app.ConfigFromEnv(), c.instrument(""))
	if err != nil {
		return err
	}
	c.Deps = c.onClock(deps)
	return nil
}

func (c *Cloud) prepareTable(ctx context.Context) error {
	db := c.DynamoDB()
	if err := store.CreateTable(ctx, db, c.TableName); err != nil {
		return fmt.Errorf("create table %s: %w", c.TableName, err)
	}
	if c.opts.SkipSeed {
		return nil
	}
	// The data migrations, as a deployed stack's Custom::Migrations runs them: the catalogue seed
	// and the backfills, each once per table (recorded in it), resumed if a start was cut short.
	list, err := migrations.List(seed.Catalog, seed.Yields, nil)
	if err != nil {
		return err
	}
	st := &store.Store{DB: db, Table: c.TableName, Now: time.Now}
	rep, err := migrations.Run(ctx, st, list, time.Time{})
	if err != nil {
		return err
	}
	if len(rep.Feitas) > 0 {
		c.logf("local cloud: data migrations run: %s (%d items written)", strings.Join(rep.Feitas, ", "), rep.Itens)
	}
	return nil
}

func (c *Cloud) startAll(ctx context.Context) error {
	start := time.Now()
	p, err := choosePorts(c.opts)
	if err != nil {
		return err
	}
	for _, s := range []struct {
		port int
		what string
	}{{p.App, "the product"}, {p.Dynamo, "DynamoDB Local"}, {p.Cognito, "cognito-local"}, {p.CognitoTLS, "the Cognito TLS proxy"}, {p.S3, "S3 uploads"}} {
		if err := checkFree(s.port, s.what); err != nil {
			return err
		}
	}
	java, err := requireJava(ctx)
	if err != nil {
		return err
	}
	node, err := requireNode()
	if err != nil {
		return err
	}
	tmpl, err := ParseTemplate(c.opts.Template)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%s not found: the router reads the API routes from the SAM template", c.opts.Template)
	}
	if err != nil {
		return err
	}
	c.Template = tmpl
	if err := ensureNodeModules(ctx, c.Root, c.opts.Log); err != nil {
		return err
	}
	st, err := loadState(c.DataDir)
	if err != nil {
		return err
	}

	c.URL = "http://localhost:" + strconv.Itoa(p.App)
	c.DynamoEndpoint = "http://localhost:" + strconv.Itoa(p.Dynamo)
	c.CognitoEndpoint = "http://localhost:" + strconv.Itoa(p.Cognito)
	c.CognitoTLSEndpoint = "https://localhost:" + strconv.Itoa(p.CognitoTLS)
	c.S3Endpoint = "http://localhost:" + strconv.Itoa(p.S3)

	// The product's port is taken first: cognito-local calls its Lambda-invoke endpoint, and
	// until the handlers are ready everything there answers 503.
	site := &switchHandler{}
	site.set(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "the local cloud is starting", http.StatusServiceUnavailable)
	}))
	if err := c.serve(p.App, "the product", site, nil); err != nil {
		return err
	}

	// Both emulators start at once; the JVM takes the longest.
	type started struct {
		ch  *child
		err error
	}
	dynDone, cogDone := make(chan started, 1), make(chan started, 1)
	go func() {
		ch, err := startDynamo(ctx, java, c.Root, c.DataDir, p.Dynamo)
		dynDone <- started{ch, err}
	}()
	go func() {
		ch, err := startCognito(ctx, node, c.Root, c.DataDir, p.Cognito, c.URL, tmpl.Triggers)
		cogDone <- started{ch, err}
	}()
	dyn, cog := <-dynDone, <-cogDone
	for _, s := range []started{cog, dyn} {
		if s.ch != nil {
			c.children = append(c.children, s.ch)
		}
	}
	if dyn.err != nil {
		return dyn.err
	}
	if cog.err != nil {
		return cog.err
	}
	c.logf("local cloud: emulators up in %s", time.Since(start).Round(100*time.Millisecond))

	if err := c.prepareTable(ctx); err != nil {
		return err
	}

	if st.CursorSecret == "" {
		st.CursorSecret = randomString(32)
	}
	if st.OriginSecret == "" {
		st.OriginSecret = randomString(32)
	}
	if st.EmailLinkSecret == "" {
		st.EmailLinkSecret = randomString(32)
	}
	if st.AdminPassword == "" {
		st.AdminPassword = "verde-" + randomString(6)
	}
	idp := c.Cognito()
	// State is saved after each step, so that a failed start does not leave a pool behind that
	// the next start cannot find.
	if err := ensureUserPool(ctx, idp, &st, c.Template.PasswordMinLength); err != nil {
		return err
	}
	if err := saveState(c.DataDir, st); err != nil {
		return err
	}
	callback := c.URL + "/login"
	if err := ensureClient(ctx, idp, &st, callback); err != nil {
		return err
	}
	if err := saveState(c.DataDir, st); err != nil {
		return err
	}
	if err := ensureGroup(ctx, idp, st.UserPoolID, adminGroup); err != nil {
		return err
	}
	c.UserPoolID, c.ClientID = st.UserPoolID, st.ClientID
	c.Issuer = c.CognitoEndpoint + "/" + c.UserPoolID

	// The SPA's /config.json, also written into its index.html (by the site, and by the SPA
	// bucket's stand-in for the link previews).
	c.Config = SPAConfig{
		Region:           Region,
		UserPoolID:       c.UserPoolID,
		UserPoolClientID: c.ClientID,
		// Same origin, plain HTTP: e-mail sign-in works without first accepting the
		// self-signed certificate; only the hosted UI (Google) needs the TLS domain.
		UserPoolEndpoint: c.URL + CognitoPathPrefix,
		AuthFlowType:     "USER_PASSWORD_AUTH",
		OAuth: OAuthConfig{
			Domain:          strings.TrimPrefix(c.CognitoTLSEndpoint, "https://"),
			RedirectSignIn:  callback,
			RedirectSignOut: callback,
			Providers:       []string{"Google"},
		},
		APIBase: "/api",
	}
	configJSON, err := json.Marshal(c.Config)
	if err != nil {
		return err
	}

	// S3: the uploads bucket, and the SPA bucket's index.html (spabucket.go).
	uploads, err := newUploadsServer(c.DataDir)
	if err != nil {
		return err
	}
	if err := c.serve(p.S3, "S3 uploads", c.s3Reads.count(spaBucket(uploads, c.SPABucket, c.opts.SPADir, configJSON)), nil); err != nil {
		return err
	}
	if err := ensureBucket(ctx, c.S3(), c.UploadsBucket); err != nil {
		return fmt.Errorf("create bucket %s: %w", c.UploadsBucket, err)
	}

	// The TLS proxy in front of cognito-local.
	cert, err := localhostCertificate(c.DataDir)
	if err != nil {
		return err
	}
	proxy, err := newCognitoProxy(fmt.Sprintf("http://127.0.0.1:%d", p.Cognito), c.ClientID, []string{callback}, c.logger)
	if err != nil {
		return err
	}
	proxy.dbDir = filepath.Join(c.DataDir, "cognito", ".cognito", "db")
	proxy.passwordMin = c.Template.PasswordMinLength
	proxy.announce = c.logf
	c.mailbox = &mailbox{logf: c.logf}
	proxy.mailed, proxy.unsent = c.mailbox.complete, c.mailbox.discard
	c.cognitoProxy = proxy
	if err := c.serve(p.CognitoTLS, "the Cognito TLS proxy", proxy, &tls.Config{Certificates: []tls.Certificate{cert}}); err != nil {
		return err
	}

	// The handlers, built as each function's main.go builds them. Their secrets come from the
	// Secrets Manager emulator on the product's port, as from Secrets Manager in AWS.
	c.secrets = &secretsManager{values: map[string]string{cursorSecretID: st.CursorSecret, originSecretID: st.OriginSecret, emailSecretID: st.EmailLinkSecret}}
	c.originSecret = st.OriginSecret
	c.setEnv()
	deps, err := app.NewDeps(ctx, app.ConfigFromEnv(), c.instrument(""))
	if err != nil {
		return err
	}
	c.Deps = c.onClock(deps)
	gateway, invoker, err := c.functions(ctx)
	if err != nil {
		return err
	}
	c.invoker = invoker
	for _, start := range c.periodic {
		start()
	}
	mux := http.NewServeMux()
	mux.Handle("/config.json", serveJSON(c.Config))
	mux.Handle(ClockPath, c.Clock)
	mux.Handle(InvokePathPrefix, invoker)
	mux.Handle(CloudFrontPathPrefix, &c.cdn)
	mux.Handle(CognitoPathPrefix, http.StripPrefix(strings.TrimSuffix(CognitoPathPrefix, "/"), proxy))
	mux.Handle(DevPasswordCodePath, http.HandlerFunc(proxy.devPasswordCode))
	mux.Handle(MailboxPath, c.mailbox)
	mux.Handle(MailboxPath+"/", c.mailbox)
	mux.Handle(MailboxPath+".json", c.mailbox)
	// The uploads bucket on the product's origin: presigned PUTs (path-style, as the functions
	// sign them) and /media/* (CloudFront's photo behaviour in AWS).
	s3URL, err := url.Parse(c.S3Endpoint)
	if err != nil {
		return err
	}
	bucketProxy, media := uploadsOnSite(s3URL, c.UploadsBucket)
	mux.Handle("/"+c.UploadsBucket+"/", bucketProxy)
	mux.Handle("/media/", media)
	headers, err := LocalSecurityHeaders(c.Template, c.URL, c.CognitoTLSEndpoint)
	if err != nil {
		return err
	}
	spa := spaHandler{dist: c.opts.SPADir, config: configJSON, headers: headers}
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isSecretsManagerCall(r) {
			c.secrets.ServeHTTP(w, r)
			return
		}
		if r.Method == http.MethodPost && r.URL.Path == sesv2Path {
			c.mailbox.serveSES(w, r) // SES v2 SendEmail: the local mailbox
			return
		}
		if gateway.Handles(r) {
			// What CloudFront's api origin adds to every request it sends (replacing any value
			// the browser sent); API Gateway's own endpoint has no such header.
			r.Header.Set(app.OriginHeader, c.originSecret)
			if !isAPIPath(r.URL.Path) {
				// A page of the site the API answers (the link previews' /grupos/*/publico and
				// /grupos/*/convite): its CloudFront behaviour sends the SPA's security headers.
				for k, v := range headers {
					w.Header().Set(k, v)
				}
			}
			gateway.ServeHTTP(w, r)
			return
		}
		spa.ServeHTTP(w, r)
	}))
	site.set(c.accessLog(mux))

	// The demo admin and its profile (AdminCreateUser runs no trigger, so the PostConfirmation
	// handler is called here, through the same invoke path cognito-local uses).
	c.AdminEmail, c.AdminPassword = AdminEmail, st.AdminPassword
	if !c.opts.SkipSeed {
		attrs, err := ensureAdmin(ctx, idp, c.UserPoolID, st.AdminPassword)
		if err != nil {
			return err
		}
		if err := c.createAdminProfile(ctx, attrs); err != nil {
			return err
		}
		// The admin role's record is the table's access list (store/access.go): a
		// table made before it copies the Cognito group once, as the migration admins-do-cognito
		// does on deploy, and the demo admin is always in it.
		members, err := cognitoadmin.With(idp).AdminGroupMembers(ctx, c.UserPoolID)
		if err != nil {
			return fmt.Errorf("list the admin group: %w", err)
		}
		if err := c.Deps.Store.SyncAdmins(ctx, members); err != nil {
			return err
		}
		if err := c.Deps.Store.GrantAdminBootstrap(ctx, attrs["sub"]); err != nil {
			return fmt.Errorf("demo admin's role: %w", err)
		}
		secret, err := ensureAdminTOTP(ctx, idp, c.ClientID, st.AdminPassword, st.AdminTOTPSecret)
		if err != nil {
			return err
		}
		if secret != st.AdminTOTPSecret {
			st.AdminTOTPSecret = secret
			if err := saveState(c.DataDir, st); err != nil {
				return err
			}
		}
		c.AdminTOTPSecret = secret
	}
	c.logf("local cloud: ready in %s", time.Since(start).Round(100*time.Millisecond))
	return nil
}

// functions builds the router and the invoke endpoint from shared/areas, the registry the
// Lambda main packages use. Each function gets its own dependencies, as each Lambda has its
// own container, whose DynamoDB client may make only the calls its IAM policy grants
// (tableActionsOnly).
func (c *Cloud) functions(ctx context.Context) (*APIGateway, *LambdaInvoker, error) {
	depsOf := func(id string) (app.Deps, error) {
		d, err := app.NewDeps(ctx, app.ConfigFromEnv(), tableActionsOnly(id, areas.TableActions[id]), c.instrument(id))
		for _, w := range areas.Wired[id] { // as functions/<dir>/main.go wires it
			areas.Wires[w](&d)
		}
		return c.onClock(d), err
	}
	apis := map[string]APIFunc{}
	for _, r := range c.Template.Routes {
		if _, done := apis[r.FunctionID]; done {
			continue
		}
		area, ok := areas.APIs[r.FunctionID]
		if !ok {
			c.logger.Warn("template route has no function in shared/areas", "route", r.RouteKey(), "function", r.FunctionID)
			continue
		}
		deps, err := depsOf(r.FunctionID)
		if err != nil {
			return nil, nil, err
		}
		// As functions/<area>/main.go: only requests that came through CloudFront.
		h := lambdahttp.Handler(deps.Origin.Require(area.New(deps)))
		apis[r.FunctionID] = func(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
			return h(ctx, ev)
		}
	}
	triggers := map[string]any{}
	for id, makeTrigger := range areas.Triggers {
		deps, err := depsOf(id)
		if err != nil {
			return nil, nil, err
		}
		triggers[id] = makeTrigger(deps)
		// Cognito's e-mails, worded by the CustomMessage trigger, land in the local mailbox.
		if h, ok := triggers[id].(custommessage.Func); ok && c.mailbox != nil {
			triggers[id] = c.mailbox.recordCustomMessage(h, c.URL)
		}
	}
	// Scheduled functions (the reminders): invocable on demand like any Lambda (make remind),
	// and run every day at their hour, as EventBridge does in AWS.
	for id, job := range areas.Scheduled {
		deps, err := depsOf(id)
		if err != nil {
			return nil, nil, err
		}
		triggers[id] = job.New(deps)
		if c.opts.NoSchedules {
			continue
		}
		if job.Every > 0 {
			id, job := id, job
			c.periodic = append(c.periodic, func() { go c.every(ctx, id, job.Every, job.Event) })
			continue
		}
		go c.daily(ctx, id, job)
	}
	// Async jobs (the export job of /admin/dados): invoked through the same endpoint, as Lambda's
	// InvocationType Event (AWS_ENDPOINT_URL_LAMBDA points here).
	// Functions invoked synchronously (the photo processor): the same endpoint, RequestResponse.
	for _, fns := range []map[string]func(app.Deps) any{areas.Jobs, areas.Invoked} {
		for id, makeJob := range fns {
			deps, err := depsOf(id)
			if err != nil {
				return nil, nil, err
			}
			triggers[id] = makeJob(deps)
		}
	}
	for trigger, id := range c.Template.Triggers {
		if _, ok := triggers[id]; !ok {
			return nil, nil, fmt.Errorf("template.yaml wires Cognito trigger %s to %s, which shared/areas.Triggers lacks", trigger, id)
		}
	}
	return NewAPIGateway(c.Template.Routes, apis, c.logger), NewLambdaInvoker(triggers, c.logger), nil
}

// onClock puts a function's dependencies on the cloud's clock.
func (c *Cloud) onClock(d app.Deps) app.Deps {
	d.Now = c.Clock.Now
	if d.Store != nil {
		d.Store.Now = c.Clock.Now
	}
	return d
}

// instrument is Options.Instrument for function id ("" for the cloud's own Deps).
func (c *Cloud) instrument(id string) func(*aws.Config) {
	return func(cfg *aws.Config) {
		if c.opts.Instrument != nil {
			c.opts.Instrument(id, cfg)
		}
	}
}

// LinkedIdentities are the federated identities PreSignUp linked to pool users (the proxy's
// emulation of AdminLinkProviderForUser).
func (c *Cloud) LinkedIdentities() []LinkedIdentity {
	if c.cognitoProxy == nil {
		return nil
	}
	return c.cognitoProxy.Links()
}

// EmailCode is the last e-mail verification code the local cloud "sent" to email (it also
// prints each one).
func (c *Cloud) EmailCode(email string) string {
	if c.cognitoProxy == nil {
		return ""
	}
	return c.cognitoProxy.EmailCode(email)
}

// setEnv gives the in-process handlers the environment template.yaml gives the functions,
// plus the SDK's endpoint variables that point them at the emulators.
func (c *Cloud) setEnv() {
	for k, v := range c.Env() {
		os.Setenv(k, v)
	}
	for k, v := range map[string]string{
		"AWS_ACCESS_KEY_ID":         "local",
		"AWS_SECRET_ACCESS_KEY":     "local",
		"AWS_REGION":                Region,
		"AWS_EC2_METADATA_DISABLED": "true",
	} {
		if os.Getenv(k) == "" {
			os.Setenv(k, v)
		}
	}
}

// Env is the function environment of this cloud: what template.yaml sets in AWS plus the
// endpoint variables. It is what `sam local` or a Go test needs to reach the same cloud.
func (c *Cloud) Env() map[string]string {
	env := map[string]string{
		"AWS_ENDPOINT_URL_DYNAMODB": c.DynamoEndpoint,
		"TABLE_NAME":                c.TableName,
		// DynamoDB Local can pause for seconds on a shared machine: a call waits up to 30 s
		// (store.DeadlineEnv) where AWS's DynamoDB gets 3.
		store.DeadlineEnv: "30s",
	}
	if c.opts.DynamoOnly {
		return env
	}
	for k, v := range map[string]string{
		// Through the proxy, which adds the operations cognito-local lacks (AdminLinkProviderForUser).
		"AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": c.URL + CognitoPathPrefix,
		"AWS_ENDPOINT_URL_S3":                        c.S3Endpoint,
		"USER_POOL_ID":                               c.UserPoolID,
		"USER_POOL_CLIENT_ID":                        c.ClientID,
		"COGNITO_ISSUER":                             c.Issuer,
		"UPLOADS_BUCKET":                             c.UploadsBucket,
		"UPLOADS_PUBLIC_ENDPOINT":                    c.URL, // browsers PUT through the product's origin
		"AWS_ENDPOINT_URL_SECRETS_MANAGER":           c.URL,
		"CURSOR_SECRET_ARN":                          cursorSecretID,
		"ORIGIN_SECRET_ARN":                          originSecretID,
		"AUTO_CONFIRM_SIGNUP":                        "true",
		"AWS_ENDPOINT_URL_LAMBDA":                    c.URL, // the async jobs (areas.Jobs)
		"DADOS_JOB_FUNCTION":                         "DadosJobFunction",
		// E-mail: SES v2 is the local mailbox on the product's port (mailbox.go).
		"AWS_ENDPOINT_URL_SESV2":      c.URL,
		"EMAIL_FROM":                  "Verde <nao-responda@verde.local>",
		"EMAIL_LINK_SECRET_ARN":       emailSecretID,
		"SITE_URL":                    c.URL,
		"PHOTOS_FUNCTION":             "PhotosFunction",
		"PHOTOS_JOB_FUNCTION":         "PhotosJobFunction",
		"DISTRIBUTION_ID":             LocalDistribution,
		"AWS_ENDPOINT_URL_CLOUDFRONT": c.URL, // the photos job's invalidations (cloudfront.go)
		"VIEWS_JOB_FUNCTION":          "ViewsJobFunction",
		"REMINDERS_FUNCTION":          "RemindersFunction",
		// The link previews' index.html (spabucket.go); SITE_URL is their addresses' origin.
		"SPA_BUCKET": c.SPABucket,
	} {
		env[k] = v
	}
	return env
}

func (c *Cloud) createAdminProfile(ctx context.Context, attrs map[string]string) error {
	if _, found, err := c.Deps.Store.Profile(ctx, attrs["sub"]); err != nil || found {
		return err
	}
	ev := events.CognitoEventUserPoolsPostConfirmation{
		CognitoEventUserPoolsHeader: events.CognitoEventUserPoolsHeader{
			Version: "1", TriggerSource: "PostConfirmation_ConfirmSignUp", Region: Region,
			UserPoolID: c.UserPoolID, UserName: attrs["username"],
			CallerContext: events.CognitoEventUserPoolsCallerContext{ClientID: c.ClientID},
		},
		Request: events.CognitoEventUserPoolsPostConfirmationRequest{UserAttributes: attrs},
	}
	id := c.Template.Triggers["PostConfirmation"]
	if id == "" {
		return errors.New("template.yaml wires no PostConfirmation trigger: the demo admin's profile cannot be made")
	}
	return c.invokeTrigger(ctx, id, ev)
}

// serve listens on 127.0.0.1:port and serves h (with TLS when tlsConfig is set).
func (c *Cloud) serve(port int, what string, h http.Handler, tlsConfig *tls.Config) error {
	l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		if isAddrInUse(err) {
			return errPortBusy(port, what)
		}
		return err
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(c.logger.Handler(), slog.LevelDebug),
	}
	c.servers = append(c.servers, srv)
	go func() {
		var err error
		if tlsConfig != nil {
			srv.TLSConfig = tlsConfig
			err = srv.ServeTLS(l, "", "")
		} else {
			err = srv.Serve(l)
		}
		if err != nil && !errors.Is(err, http.ErrServerClosed) && !c.stopping.Load() {
			c.failed <- fmt.Errorf("%s stopped serving: %w", what, err)
		}
	}()
	return nil
}

func (c *Cloud) watch(ch *child) {
	<-ch.done
	if !c.stopping.Load() {
		c.failed <- ch.failure()
	}
}

// SPABuilt reports whether the SPA's index.html is there to serve.
func (c *Cloud) SPABuilt() bool {
	_, err := os.Stat(filepath.Join(c.opts.SPADir, "index.html"))
	return err == nil
}

// Wait blocks until ctx ends (nil) or a part of the cloud stops by itself (its error).
func (c *Cloud) Wait(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return nil
	case err := <-c.failed:
		return err
	}
}

// Stop shuts the servers down and stops the emulators (their whole process groups). Data stays
// in DataDir. It is safe to call more than once.
func (c *Cloud) Stop() {
	c.stopOnce.Do(func() {
		c.stopping.Store(true)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		for _, s := range c.servers {
			s.Shutdown(ctx)
		}
		var wg sync.WaitGroup
		for _, ch := range c.children {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ch.stop(10 * time.Second)
			}()
		}
		wg.Wait()
		if c.lock != nil {
			c.lock.Close()
		}
		running.Store(false)
	})
}

// switchHandler lets the product's port open before its handlers exist.
type switchHandler struct{ h atomic.Pointer[http.Handler] }

func (s *switchHandler) set(h http.Handler) { s.h.Store(&h) }
func (s *switchHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	(*s.h.Load()).ServeHTTP(w, r)
}

// invokeTrigger runs a trigger function with event, as the invoke endpoint does.
func (c *Cloud) invokeTrigger(ctx context.Context, id string, event any) error {
	fn := c.invoker.functions[id]
	if fn == nil {
		return fmt.Errorf("function %s is not in shared/areas.Triggers", id)
	}
	payload, err := json.Marshal(event)
	if err != nil {
		return err
	}
	_, err = c.invoker.invoke(ctx, id, fn, payload)
	return err
}

// accessLog writes one line per API or invoke request.
func (c *Cloud) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api") && !strings.HasPrefix(r.URL.Path, InvokePathPrefix) {
			next.ServeHTTP(w, r)
			return
		}
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		c.logger.Info("request", "method", r.Method, "path", r.URL.Path, "status", rec.status, "duration", time.Since(start).Round(time.Millisecond))
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// every invokes the scheduled function id with event at start and then every
// interval, as its EventBridge rate schedule does in AWS.
func (c *Cloud) every(ctx context.Context, id string, interval time.Duration, event map[string]any) {
	for {
		if err := c.invokeTrigger(ctx, id, event); err != nil && ctx.Err() == nil {
			c.logger.Warn("scheduled function failed", "function", id, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(interval):
		}
	}
}

// daily invokes the scheduled function id every day (or every week on its
// weekday) at its hour, UTC, as its EventBridge schedule does in AWS, through
// the local Lambda Invoke endpoint.
func (c *Cloud) daily(ctx context.Context, id string, job areas.ScheduledJob) {
	hourUTC := job.HourUTC
	for {
		now := time.Now().UTC()
		next := time.Date(now.Year(), now.Month(), now.Day(), hourUTC, 0, 0, 0, time.UTC)
		for !next.After(now) || job.Weekly && next.Weekday() != job.Weekday {
			next = next.AddDate(0, 0, 1)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Until(next)):
		}
		if err := c.invokeTrigger(ctx, id, map[string]any{"source": "local.schedule"}); err != nil {
			c.logger.Warn("scheduled function failed", "function", id, "err", err)
		} else {
			c.logf("local cloud: ran %s (at %02d:00 UTC, as its schedule in AWS)", id, hourUTC)
		}
	}
}
