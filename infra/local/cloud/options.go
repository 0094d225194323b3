package cloud

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// Options says where the local cloud finds the repository and keeps its data, and on which ports
// it listens. The zero value starts the whole product on free ports with data in <repo>/.local.
type Options struct {
	// Root is the repository root (template.yaml, spa/dist, infra/local/node_modules).
	// Empty: the nearest directory above the working directory that holds go.mod.
	Root string
	// DataDir keeps everything that survives a restart (DynamoDB files, cognito-local's .cognito,
	// uploads, the TLS certificate, pool and client ids, the cursor secret). Empty: Root/.local.
	DataDir string
	// Template is the SAM template whose HttpApi events become routes. Empty: Root/template.yaml.
	Template string
	// SPADir is the built SPA. Empty: Root/spa/dist.
	SPADir string

	// Port is the product's HTTP port (SPA, /config.json, /api, the Lambda-invoke endpoint).
	// 0 picks free ports for the product and for every emulator whose port is also 0; a fixed
	// Port puts the emulators whose ports are 0 on Port+1 (DynamoDB Local), Port+2
	// (cognito-local), Port+3 (the TLS proxy in front of it) and Port+4 (S3 uploads).
	Port           int
	DynamoPort     int
	CognitoPort    int
	CognitoTLSPort int
	S3Port         int

	// DynamoOnly starts DynamoDB Local and creates the table, nothing else: the light mode for
	// store tests. Cloud.URL and the Cognito fields stay empty.
	DynamoOnly bool
	// SkipSeed leaves the vegetable catalogue and the demo admin out of the bootstrap.
	SkipSeed bool
	// NoSchedules leaves the scheduled functions (reminders, digest, the views job) to be invoked
	// through the invoke endpoint only: a simulated season runs them on its own clock
	// (tools/season), not on the wall clock's timers.
	NoSchedules bool

	// TableName defaults to "verde-local"; UploadsBucket to "verde-uploads"; SPABucket (the
	// SPA's index.html for the link previews, spabucket.go) to "verde-spa".
	TableName     string
	UploadsBucket string
	SPABucket     string

	// Instrument, when set, is applied to the AWS SDK configuration of every in-process function
	// (functionID is its template LogicalId) and of Cloud.Deps (functionID ""), before its
	// clients are made: tools/season and the bench attach their recorders of DynamoDB calls here.
	Instrument func(functionID string, cfg *aws.Config)

	// Log receives progress lines and the startup summary; nil discards them.
	Log io.Writer
}

const (
	defaultTableName     = "verde-local"
	defaultUploadsBucket = "verde-uploads"
	defaultSPABucket     = "verde-spa"
	// Region is the AWS region the local cloud's clients use; the emulators ignore it.
	Region = "us-east-1"
)

func (o *Options) resolve() error {
	if o.Root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		root, err := findModuleRoot(wd)
		if err != nil {
			return err
		}
		o.Root = root
	}
	root, err := filepath.Abs(o.Root)
	if err != nil {
		return err
	}
	o.Root = root
	if o.DataDir == "" {
		o.DataDir = filepath.Join(o.Root, ".local")
	}
	if o.DataDir, err = filepath.Abs(o.DataDir); err != nil {
		return err
	}
	if o.Template == "" {
		o.Template = filepath.Join(o.Root, "template.yaml")
	}
	if o.SPADir == "" {
		o.SPADir = filepath.Join(o.Root, "spa", "dist")
	}
	for _, p := range []*string{&o.SPADir, &o.Template} {
		if *p, err = filepath.Abs(*p); err != nil {
			return err
		}
	}
	if o.TableName == "" {
		o.TableName = defaultTableName
	}
	if o.UploadsBucket == "" {
		o.UploadsBucket = defaultUploadsBucket
	}
	if o.SPABucket == "" {
		o.SPABucket = defaultSPABucket
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	if o.Port < 0 || o.Port > 65535-4 {
		return fmt.Errorf("port %d out of range", o.Port)
	}
	return nil
}

func findModuleRoot(dir string) (string, error) {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", errors.New("no go.mod above " + dir + ": run from the repository or set Options.Root")
		}
		d = parent
	}
}
